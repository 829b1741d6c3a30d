import { ApplicationFailure } from '@temporalio/common';
import type { Knex } from 'knex';
import {
  deliverWebhook,
  isPermanentWebhookFailure,
  type WebhookHooks,
} from '../../domain/notifications/webhookDelivery';
import type { WebhookPolicy } from '../../domain/notifications/webhookSender';

export interface WebhookActivityDeps {
  db: Knex;
  /** Without it (an API-only process) deliveries fail and are retried on a worker that has it. */
  webhooks?: WebhookPolicy;
  webhookHooks?: WebhookHooks;
}

export function createWebhookActivities(deps: WebhookActivityDeps) {
  return {
    /**
     * One attempt of one webhook delivery; Temporal retries it with back-off. A refused target (its address is not
     * public) and a 4xx other than 408/429 are not retried: the same request would get the same answer.
     */
    async deliverWebhook(id: number): Promise<'delivered' | 'skipped'> {
      if (!deps.webhooks) throw new Error('Webhooks are not configured in this worker');
      try {
        return await deliverWebhook(deps.db, deps.webhooks, id, deps.webhookHooks);
      } catch (err) {
        if (isPermanentWebhookFailure(err)) throw ApplicationFailure.nonRetryable(err.message, err.name);
        throw err;
      }
    },
  };
}
