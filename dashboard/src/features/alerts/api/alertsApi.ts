import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { alertSchema } from '@core/contracts/alerts';
import { alertOutcomeSchema } from '@core/contracts/alertOutcomes';
import { stockSchema } from '@core/contracts/stocks';
import type { WebhookFormat } from '@core/contracts/webhooks';
import { ALERTS_QUERY_KEY, alertChange } from '../../../app/alerts/alertsApi';
import { getListQueryFn } from '../../../lib/api';

/** The stock picker of the Create Alert dialog reads the day's stock list. */
const PICKER_STOCKS_URL = '/api/stocks?range=24hours';

export const alertsQueryOptions = () =>
  queryOptions({ queryKey: ALERTS_QUERY_KEY, queryFn: getListQueryFn(alertSchema) });
export const pickerStocksQueryOptions = () =>
  queryOptions({ queryKey: [PICKER_STOCKS_URL], queryFn: getListQueryFn(stockSchema) });

export const deleteAlertMutationOptions = (queryClient: QueryClient) =>
  alertChange<number>(queryClient, 'DELETE', (id) => `/api/alerts/${id}`);

export const toggleAlertMutationOptions = (queryClient: QueryClient) =>
  alertChange<{ id: number; isActive: boolean }>(
    queryClient,
    'PATCH',
    ({ id }) => `/api/alerts/${id}`,
    ({ isActive }) => ({ isActive }),
  );

/** PUT /api/alerts/{id}/webhook: this alert's webhooks go to this one target instead of the account's. */
export const setAlertWebhookMutationOptions = (queryClient: QueryClient) =>
  alertChange<{ id: number; url: string; format: WebhookFormat }>(
    queryClient,
    'PUT',
    ({ id }) => `/api/alerts/${id}/webhook`,
    ({ url, format }) => ({ url, format }),
  );

/** DELETE /api/alerts/{id}/webhook: the alert goes back to the account's targets. */
export const clearAlertWebhookMutationOptions = (queryClient: QueryClient) =>
  alertChange<number>(queryClient, 'DELETE', (id) => `/api/alerts/${id}/webhook`);

export const ALERT_OUTCOMES_URL = '/api/alerts/outcomes';
/** What the price did after the user's alerts; the later prices arrive as their moments pass. */
export const alertOutcomesQueryOptions = () =>
  queryOptions({
    queryKey: [ALERT_OUTCOMES_URL],
    queryFn: getListQueryFn(alertOutcomeSchema),
    refetchInterval: 60_000,
  });
