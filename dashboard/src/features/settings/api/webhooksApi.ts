import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { webhookDeliverySchema, webhookTestResultSchema, type WebhookTargetInput } from '@core/contracts/webhooks';
import { WEBHOOKS_URL } from '../../../app/webhooks/webhookSettingsQuery';
import { apiSend, apiRequestJson, getQueryFn } from '../../../lib/api';

export const WEBHOOK_DELIVERIES_URL = '/api/webhooks/deliveries?limit=20';
export const webhookDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: [WEBHOOK_DELIVERIES_URL],
    queryFn: getQueryFn({ on401: 'throw', schema: z.array(webhookDeliverySchema) }),
    refetchInterval: 10_000,
  });

/** Every webhook change refreshes the settings and the delivery log, inside the mutation so no caller can drop it. */
function webhookChange<TInput, TResult>(queryClient: QueryClient, send: (input: TInput) => Promise<TResult>) {
  return mutationOptions({
    mutationFn: async (input: TInput) => {
      try {
        return await send(input);
      } finally {
        void queryClient.invalidateQueries({ queryKey: [WEBHOOKS_URL] });
        void queryClient.invalidateQueries({ queryKey: [WEBHOOK_DELIVERIES_URL] });
      }
    },
  });
}

export const addWebhookMutationOptions = (queryClient: QueryClient) =>
  webhookChange(queryClient, (input: WebhookTargetInput) => apiSend('POST', WEBHOOKS_URL, input));
export const deleteWebhookMutationOptions = (queryClient: QueryClient) =>
  webhookChange(queryClient, (id: number) => apiSend('DELETE', `${WEBHOOKS_URL}/${id}`));
export const rotateWebhookSecretMutationOptions = (queryClient: QueryClient) =>
  webhookChange(queryClient, () => apiSend('POST', `${WEBHOOKS_URL}/secret`));
export const sendTestWebhookMutationOptions = (queryClient: QueryClient) =>
  webhookChange(
    queryClient,
    async () => (await apiRequestJson('POST', `${WEBHOOKS_URL}/test`, webhookTestResultSchema, {})).deliveries,
  );
