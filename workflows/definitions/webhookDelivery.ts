import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';

// Back-off 2 s, 4 s, 8 s … up to 5 minutes between attempts, about half an hour in all: a receiver that is down for a
// deploy still gets the alert. The activity never repeats a recorded success, so these retries send nothing twice.
const { deliverWebhook: attempt } = proxyActivities<Activities>({
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 12 },
});

/** The workflow id of one delivery's run: one run per delivery, so starting it twice starts it once. */
export const webhookDeliveryId = (deliveryId: number) => `webhook-delivery-${deliveryId}`;

/** WebhookDelivery: one recorded webhook delivery, attempted until the receiver answers 2xx or the attempts run out. */
export async function webhookDelivery(deliveryId: number): Promise<'delivered' | 'skipped'> {
  return await attempt(deliveryId);
}
