import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';

// Back-off 1 s, 2 s, 4 s … up to 5 minutes between attempts, 8 attempts (about 4 minutes): a link someone waits for
// goes out as soon as the provider answers again. Each send is claimed before the provider is called, so these
// retries never send a message twice.
const { deliverNotifications } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 8 },
});

/**
 * The task queue of the deliveries a request starts (account messages, test sends): beside the pipelines' queue, so a
 * link someone waits for does not queue behind scans and re-scores, and "is a pipeline worker running" still means one.
 * Every worker process polls both.
 */
export const deliveryTaskQueue = (pipelineTaskQueue: string) => `${pipelineTaskQueue}-deliveries`;

/**
 * The workflow id of one notification's delivery, named by its idempotency key (unique to the send, wherever and
 * whenever it was recorded): one run per notification, so starting it twice starts it once.
 */
export const notificationDeliveryId = (idempotencyKey: string) => `notification-delivery-${idempotencyKey}`;

/**
 * NotificationDelivery: one recorded e-mail or SMS started by a request (an account message, a test e-mail), attempted
 * until the provider accepts it or the attempts run out.
 */
export async function notificationDelivery(notificationId: number): Promise<{ sent: number; skipped: number }> {
  return await deliverNotifications([notificationId]);
}
