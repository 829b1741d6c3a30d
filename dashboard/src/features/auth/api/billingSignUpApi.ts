import { useMutation } from '@tanstack/react-query';
import { setupIntentResponseSchema, type SetupIntentResponse } from '@core/contracts/billing';
import { showToast } from '../../../app/toast/toastStore';
import { apiRequestJson, getErrorMessage } from '../../../lib/api';

/** Spec §5: a setup intent needs both clientSecret and customerId. */
export const SETUP_INCOMPLETE_MESSAGE = 'Failed to create payment setup';

/** POST /api/create-setup-intent {email}. On failure the "Setup Error" toast (spec §8) and the caller stays on step 1. */
export function useCreateSetupIntentMutation() {
  return useMutation({
    mutationFn: async (email: string): Promise<SetupIntentResponse> => {
      const parsed = setupIntentResponseSchema.safeParse(await apiRequestJson<unknown>('POST', '/api/create-setup-intent', { email }));
      if (!parsed.success || !parsed.data.clientSecret || !parsed.data.customerId) throw new Error(SETUP_INCOMPLETE_MESSAGE);
      return parsed.data;
    },
    onError: (error) => {
      showToast({ title: 'Setup Error', description: getErrorMessage(error, 'Failed to prepare payment setup'), variant: 'destructive' });
    },
  });
}
