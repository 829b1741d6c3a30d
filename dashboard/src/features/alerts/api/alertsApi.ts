import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert, CreateAlertInput } from '@core/contracts/alerts';
import type { Stock } from '@core/contracts/stocks';
import { handleUnauthorized } from '../../../app/session/unauthorizedRedirect';
import { showToast } from '../../../app/toast/toastStore';
import { apiRequest, getListQueryFn, isUnauthorizedError } from '../../../lib/api';

/** The alerts list; the dashboard's Set Stock Alert dialog refreshes the same key. */
export const ALERTS_QUERY_KEY = ['/api/alerts'] as const;
/** The stock picker of the Create Alert dialog reads the day's stock list. */
const PICKER_STOCKS_URL = '/api/stocks?range=24hours';

export const alertsQueryOptions = () => queryOptions({ queryKey: ALERTS_QUERY_KEY, queryFn: getListQueryFn<Alert>() });
export const pickerStocksQueryOptions = () => queryOptions({ queryKey: [PICKER_STOCKS_URL], queryFn: getListQueryFn<Stock>() });

/** A mutation on the alerts list with the spec §8 toasts: unauthorised → logout toast and /api/login; success refreshes the list. */
function useAlertMutation<T>(options: { send: (input: T) => Promise<unknown>; success?: string; failure: string; onSuccess?: () => void }) {
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

export const useCreateAlert = (onSuccess?: () => void) =>
  useAlertMutation<CreateAlertInput>({ send: (input) => apiRequest('POST', '/api/alerts', input), success: 'Alert created successfully', failure: 'Failed to create alert', onSuccess });

export const useDeleteAlert = () =>
  useAlertMutation<number>({ send: (id) => apiRequest('DELETE', `/api/alerts/${id}`), success: 'Alert deleted successfully', failure: 'Failed to delete alert' });

export const useToggleAlert = () =>
  useAlertMutation<{ id: number; isActive: boolean }>({ send: ({ id, isActive }) => apiRequest('PATCH', `/api/alerts/${id}`, { isActive }), failure: 'Failed to update alert' });
