import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAlertInput } from '@core/contracts/alerts';
import { apiRequest, isUnauthorizedError } from '../../lib/api';
import { handleUnauthorized } from '../session/unauthorizedRedirect';
import { showToast } from '../toast/toastStore';

/** The alerts list: the /alerts page reads it; every alert change (also from the dashboard's dialog) refreshes it. */
export const ALERTS_QUERY_KEY = ['/api/alerts'] as const;

/** A mutation on the alerts list with the spec §8 toasts: unauthorised → logout toast and /api/login; success refreshes the list. */
export function useAlertMutation<T>(options: { send: (input: T) => Promise<unknown>; success?: string; failure: string; onSuccess?: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.send,
    onSuccess: async () => {
      if (options.success) showToast({ title: 'Success', description: options.success });
      options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return handleUnauthorized();
      showToast({ title: 'Error', description: options.failure, variant: 'destructive' });
    },
  });
}

/** POST /api/alerts (spec §7), used by the dashboard's Set Stock Alert and the /alerts page's Create Alert dialogs. */
export const useCreateAlert = (onSuccess?: () => void) =>
  useAlertMutation<CreateAlertInput>({ send: (input) => apiRequest('POST', '/api/alerts', input), success: 'Alert created successfully', failure: 'Failed to create alert', onSuccess });
