import { mutationOptions } from '@tanstack/react-query';
import { createSubscriptionResponseSchema, type CreateSubscriptionResponse } from '@core/contracts/billing';
import { apiRequestJson, ContractError } from '../../../lib/api';

export const NO_CLIENT_SECRET = 'No client secret received from server';
export const ALREADY_SUBSCRIBED_FALLBACK = "You're already subscribed to Pro";

/** POST /api/create-subscription: a payment to confirm (with its client secret), or the subscription already active. */
export const createSubscriptionMutationOptions = () =>
  mutationOptions({
    mutationFn: async (): Promise<CreateSubscriptionResponse> => {
      const answer = await apiRequestJson(
        'POST',
        '/api/create-subscription',
        createSubscriptionResponseSchema,
        {},
      ).catch((error: unknown) => {
        throw error instanceof ContractError ? new Error(NO_CLIENT_SECRET, { cause: error }) : error;
      });
      if (answer.status === 'requires_payment' && !answer.clientSecret) throw new Error(NO_CLIENT_SECRET);
      return answer;
    },
  });
