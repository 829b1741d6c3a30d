import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../app/toast/toastStore';
import { handleUnauthorized } from '../../../app/session/unauthorizedRedirect';
import { apiRequest, isUnauthorizedError } from '../../../lib/api';
import { ALERTS_QUERY_KEY } from './dashboardApi';

/** POST /api/alerts body (spec §7). */
export interface CreateAlertInput {
  stockId: number;
  mentionThreshold: number;
  /** Beyond the spec: the trailing window in minutes (60, 240 or 1440; the server defaults to 1440). */
  windowMinutes?: 60 | 240 | 1440;
  emailEnabled: boolean;
  smsEnabled: boolean;
}

export { handleUnauthorized, LOGIN_REDIRECT_DELAY_MS, LOGIN_URL, loginRedirect } from '../../../app/session/unauthorizedRedirect';

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
