import { mutationOptions } from '@tanstack/react-query';
import { setupIntentResponseSchema, type SetupIntentResponse } from '@core/contracts/billing';
import { apiRequestJson } from '../../../lib/api';

/** A setup intent needs both clientSecret and customerId. */
export const SETUP_INCOMPLETE_MESSAGE = 'Failed to create payment setup';

/** POST /api/create-setup-intent {email}. */
export const createSetupIntentMutationOptions = () =>
  mutationOptions({
    mutationFn: async (email: string): Promise<SetupIntentResponse> => {
      const parsed = setupIntentResponseSchema.safeParse(
        await apiRequestJson<unknown>('POST', '/api/create-setup-intent', { email }),
      );
      if (!parsed.success || !parsed.data.clientSecret || !parsed.data.customerId)
        throw new Error(SETUP_INCOMPLETE_MESSAGE);
      return parsed.data;
    },
  });
