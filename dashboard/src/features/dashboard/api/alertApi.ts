import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../app/toast/toastStore';
import { apiRequest, isUnauthorizedError } from '../../../lib/api';
import { ALERTS_QUERY_KEY } from './dashboardApi';

/** POST /api/alerts body (spec §7). */
export interface CreateAlertInput {
  stockId: number;
  mentionThreshold: number;
  emailEnabled: boolean;
  smsEnabled: boolean;
}

/** Spec §9: the redirect after an unauthorised error waits 500 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const LOGIN_URL = '/api/login';

/** Full-page navigation to the server login redirect; an object so tests can replace it. */
export const loginRedirect = {
  go(): void {
    window.location.href = LOGIN_URL;
  },
};

/** Spec §8: the logout toast, then /api/login after 500 ms. */
export function handleUnauthorized(): void {
  showToast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => loginRedirect.go(), LOGIN_REDIRECT_DELAY_MS);
}

/** POST /api/alerts with the spec §8 toasts; success refreshes the alerts list. */
export function useCreateAlertMutation(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: async (input: CreateAlertInput) => {
      await apiRequest('POST', '/api/alerts', input);
    },
    onSuccess: async () => {
      showToast({ title: 'Success', description: 'Alert created successfully' });
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        handleUnauthorized();
        return;
      }
      showToast({ title: 'Error', description: 'Failed to create alert', variant: 'destructive' });
    },
  });
}
