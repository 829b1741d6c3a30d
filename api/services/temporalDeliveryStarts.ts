import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy } from '@temporalio/common';
import type { DeliveryStarts } from '../../domain/notifications/deliveryStarts';
import { notificationDelivery, notificationDeliveryId } from '../../workflows/definitions/notificationDelivery';
import { webhookDelivery, webhookDeliveryId } from '../../workflows/definitions/webhookDelivery';
import { serviceUnavailable } from '../http/httpError';

/**
 * Sends started by a request go through Temporal like the alerts' (embedded and split processes alike): one workflow
 * per recorded send, under an id derived from it (a notification's idempotency key, a webhook delivery's row, as the
 * alert evaluation names it), so a second start joins the first rather than sending twice.
 */
export function createTemporalDeliveryStarts(deps: { temporal: Client; taskQueue: string }): DeliveryStarts {
  const start = async (
    workflow: typeof notificationDelivery | typeof webhookDelivery,
    workflowId: string,
    id: number,
  ) => {
    try {
      await deps.temporal.workflow.start(workflow, {
        taskQueue: deps.taskQueue,
        workflowId,
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        args: [id],
      });
    } catch (err) {
      // Recorded but not started: a test send stays pending for the next alert evaluation to pick up; an account
      // message is asked for again by its owner.
      throw serviceUnavailable(
        `The delivery scheduler (Temporal) is unavailable, so the message was not sent: ${(err as Error).message}`,
      );
    }
  };
  return {
    notification: ({ id, idempotencyKey }) => start(notificationDelivery, notificationDeliveryId(idempotencyKey), id),
    webhook: (id) => start(webhookDelivery, webhookDeliveryId(id), id),
  };
}
