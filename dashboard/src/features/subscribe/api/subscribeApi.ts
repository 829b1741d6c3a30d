import { mutationOptions } from '@tanstack/react-query';
import { createSubscriptionResponseSchema, type CreateSubscriptionResponse } from '@core/contracts/billing';
import { apiRequestJson } from '../../../lib/api';

export const NO_CLIENT_SECRET = 'No client secret received from server';
export const ALREADY_SUBSCRIBED_FALLBACK = "You're already subscribed to Pro";

/** POST /api/create-subscription: a payment to confirm (with its client secret), or the subscription already active. */
export const createSubscriptionMutationOptions = () =>
  mutationOptions({
    mutationFn: async (): Promise<CreateSubscriptionResponse> => {
      const parsed = createSubscriptionResponseSchema.safeParse(
        await apiRequestJson<unknown>('POST', '/api/create-subscription', {}),
      );
      if (!parsed.success) throw new Error(NO_CLIENT_SECRET);
      if (parsed.data.status === 'requires_payment' && !parsed.data.clientSecret) throw new Error(NO_CLIENT_SECRET);
      return parsed.data;
    },
  });
