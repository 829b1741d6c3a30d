import { useMutation } from '@tanstack/react-query';
import { createSubscriptionResponseSchema, type CreateSubscriptionResponse } from '@core/contracts/billing';
import { showToast } from '../../../app/toast/toastStore';
import { apiRequestJson, getErrorMessage, isUnauthorizedError } from '../../../lib/api';

/** Spec §5. */
export const NO_CLIENT_SECRET = 'No client secret received from server';
export const ALREADY_SUBSCRIBED_FALLBACK = "You're already subscribed to Pro";
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** Full-page navigation to the server login redirect; an object so tests can replace it. */
export const loginRedirect = {
  go(): void {
    window.location.href = '/api/login';
  },
};

/** POST /api/create-subscription (spec §7): an unauthorised answer shows the logout toast, then /api/login after 500 ms. */
export function useCreateSubscriptionMutation() {
  return useMutation({
    mutationFn: async (): Promise<CreateSubscriptionResponse> => {
      const parsed = createSubscriptionResponseSchema.safeParse(await apiRequestJson<unknown>('POST', '/api/create-subscription', {}));
      if (!parsed.success) throw new Error(NO_CLIENT_SECRET);
      if (parsed.data.status === 'requires_payment' && !parsed.data.clientSecret) throw new Error(NO_CLIENT_SECRET);
      return parsed.data;
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        showToast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
        setTimeout(() => loginRedirect.go(), LOGIN_REDIRECT_DELAY_MS);
        return;
      }
      showToast({ title: 'Payment Processing Error', description: getErrorMessage(error, 'Unknown error'), variant: 'destructive' });
    },
  });
}
