import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookSettings, WebhookTargetInput } from '@core/contracts/webhooks';
import { apiRequest, apiRequestJson, getQueryFn } from '../../../lib/api';

export const WEBHOOKS_URL = '/api/webhooks';
export const WEBHOOK_DELIVERIES_URL = '/api/webhooks/deliveries?limit=20';

export const webhookSettingsQueryOptions = () => queryOptions({ queryKey: [WEBHOOKS_URL], queryFn: getQueryFn<WebhookSettings>({ on401: 'throw' }) });
export const webhookDeliveriesQueryOptions = () =>
  queryOptions({ queryKey: [WEBHOOK_DELIVERIES_URL], queryFn: getQueryFn<WebhookDelivery[]>({ on401: 'throw' }), refetchInterval: 10_000 });

/** Every webhook change refreshes the settings and the delivery log. */
function useWebhookMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: [WEBHOOKS_URL] });
      await queryClient.invalidateQueries({ queryKey: [WEBHOOK_DELIVERIES_URL] });
    },
  });
}

export const useAddWebhook = () => useWebhookMutation((input: WebhookTargetInput) => apiRequest('POST', WEBHOOKS_URL, input));
export const useDeleteWebhook = () => useWebhookMutation((id: number) => apiRequest('DELETE', `${WEBHOOKS_URL}/${id}`));
export const useRotateWebhookSecret = () => useWebhookMutation(() => apiRequest('POST', `${WEBHOOKS_URL}/secret`));
export const useSendTestWebhook = () => useWebhookMutation(async () => (await apiRequestJson<{ deliveries: WebhookDelivery[] }>('POST', `${WEBHOOKS_URL}/test`, {}))?.deliveries ?? []);
