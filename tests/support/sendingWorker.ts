import { DefaultLogger, Runtime } from '@temporalio/worker';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import type { AppLinks } from '../../core/appLinks';
import type { DeliveryHooks, NotificationChannels } from '../../domain/notifications/delivery';
import type { WebhookHooks } from '../../domain/notifications/webhookDelivery';
import type { WebhookPolicy } from '../../domain/notifications/webhookSender';
import { createNotificationActivities } from '../../workflows/activities/notificationActivities';
import { createWebhookActivities } from '../../workflows/activities/webhookActivities';
import { startWorker, type RunningWorker } from '../../workflows/worker';

export interface SendingWorkerOptions {
  db: Knex;
  taskQueue: string;
  links: AppLinks;
  notifications: NotificationChannels;
  webhooks: WebhookPolicy;
  deliveryHooks?: DeliveryHooks;
  webhookHooks?: WebhookHooks;
}

/**
 * A worker with the production delivery activities only (e-mail, SMS and webhooks), on the run's Temporal server: it
 * runs the delivery workflows an API under test starts, with the run's prebuilt workflow bundle.
 */
export async function startSendingWorker(options: SendingWorkerOptions): Promise<RunningWorker> {
  quietWorkerLogs();
  return await startWorker({
    address: inject('temporalAddress'),
    namespace: 'default',
    taskQueue: options.taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    activities: {
      ...createNotificationActivities(options),
      ...createWebhookActivities(options),
    },
  });
}

/**
 * Every API test file starts this worker: its state changes at INFO would bury the test output. Warnings (a failed
 * attempt) still show. The runtime is installed once per process; when another worker came first, it stays as it is.
 */
function quietWorkerLogs(): void {
  try {
    Runtime.install({ logger: new DefaultLogger('WARN') });
  } catch {
    // Already installed in this process.
  }
}
