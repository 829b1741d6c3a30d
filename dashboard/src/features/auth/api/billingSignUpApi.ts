import { mutationOptions } from '@tanstack/react-query';
import { setupIntentResponseSchema, type SetupIntentResponse } from '@core/contracts/billing';
import { apiRequestJson, ContractError } from '../../../lib/api';

/** A setup intent needs both clientSecret and customerId. */
export const SETUP_INCOMPLETE_MESSAGE = 'Failed to create payment setup';

/** POST /api/create-setup-intent {email}. */
export const createSetupIntentMutationOptions = () =>
  mutationOptions({
    mutationFn: async (email: string): Promise<SetupIntentResponse> => {
      const answer = await apiRequestJson('POST', '/api/create-setup-intent', setupIntentResponseSchema, {
        email,
      }).catch((error: unknown) => {
        // An answer without both fields says no more than an empty one: the person is told the setup failed.
        throw error instanceof ContractError ? new Error(SETUP_INCOMPLETE_MESSAGE, { cause: error }) : error;
      });
      if (!answer.clientSecret || !answer.customerId) throw new Error(SETUP_INCOMPLETE_MESSAGE);
      return answer;
    },
  });
