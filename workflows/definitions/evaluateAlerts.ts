import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, patched, proxyActivities, startChild } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { webhookDelivery, webhookDeliveryId } from './webhookDelivery';

const { evaluateAlertCrossings, fillAlertOutcomes } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: 5 },
});

// Each send is claimed before the provider is called, so these retries never send a notification twice.
const { deliverNotifications } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
});

/** Notifications per delivery activity: bounds the history of a burst of crossings and the work one retry repeats. */
export const DELIVERY_BATCH = 25;

export interface EvaluateAlertsSummary {
  evaluated: number;
  crossed: number;
  rearmed: number;
  sent: number;
  failedBatches: number;
}

/** Sends the given notifications in batches, in parallel; a batch that still fails after its retries is counted, not fatal. */
export async function deliverInBatches(ids: number[]): Promise<{ sent: number; failedBatches: number }> {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += DELIVERY_BATCH) batches.push(ids.slice(i, i + DELIVERY_BATCH));
  const results = await Promise.allSettled(batches.map((b) => deliverNotifications(b)));
  let sent = 0;
  let failedBatches = 0;
  for (const r of results) {
    if (r.status === 'fulfilled') sent += r.value.sent;
    else failedBatches++;
  }
  return { sent, failedBatches };
}

/**
 * Starts one WebhookDelivery run per delivery, not waited for (ParentClosePolicy ABANDON): a receiver that is down
 * retries on its own back-off without holding the next evaluation. A run already started for a delivery stands.
 */
async function startWebhookDeliveries(ids: number[]): Promise<void> {
  await Promise.all(
    ids.map(async (id) => {
      try {
        await startChild(webhookDelivery, {
          workflowId: webhookDeliveryId(id),
          args: [id],
          parentClosePolicy: ParentClosePolicy.ABANDON,
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    }),
  );
}

/** EvaluateAlerts: after every scan and every minute, moves each alert's crossing state and sends what crossings recorded. */
export async function evaluateAlerts(): Promise<EvaluateAlertsSummary> {
  const { notificationIds, webhookDeliveryIds, ...evaluation } = await evaluateAlertCrossings();
  // Histories from before webhooks and price outcomes existed replay without these steps.
  const followUps = patched('webhooks-and-outcomes');
  if (followUps) await startWebhookDeliveries(webhookDeliveryIds ?? []);
  const delivered = await deliverInBatches(notificationIds);
  if (followUps) await fillAlertOutcomes();
  return { ...evaluation, ...delivered };
}
