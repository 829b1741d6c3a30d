import { randomUUID } from 'node:crypto';
import type { WebhookBody, WebhookDelivery, WebhookTarget } from '../../core/contracts/webhooks';
import type { Database } from '../../platform/database';
import { recordWebhookDeliveries } from '../../warehouse/postgres/webhooks';
import type { DeliveryStarts } from './deliveryStarts';
import { firstWebhookAttempts } from './firstAttempts';
import { webhookDeliveryKey } from './webhookDeliveryKeys';

/** The `webhook.test` body one target receives: the alert body's shape, with a test ticker and no alert. */
export function testWebhookBody(
  deliveryKey: string,
  links: { dashboard: string; alerts: string },
  firedAt: Date,
): WebhookBody {
  return {
    event: 'webhook.test',
    deliveryId: deliveryKey,
    alertId: null,
    kind: 'test',
    ticker: 'TEST',
    name: 'StockPulse test',
    windowMinutes: 60,
    count: 0,
    threshold: null,
    parameters: {},
    firedAt: firedAt.toISOString(),
    priceAtFire: null,
    links,
  };
}

/**
 * Sends a signed test body to each target through the alerts' path: one delivery row per target, each delivered (and
 * retried with back-off) by its webhookDelivery workflow. Waits at most `waitMs` for every first attempt, and returns
 * the log rows as they then stand; a refused first attempt shows as failed while its retries go on.
 */
export async function sendTestWebhooks(
  deps: { db: Database; deliveries: DeliveryStarts; links: { dashboard: string; alerts: string }; waitMs: number },
  userId: string,
  targets: WebhookTarget[],
): Promise<WebhookDelivery[]> {
  const firing = `test:${randomUUID()}`;
  const now = new Date();
  const ids = await recordWebhookDeliveries(
    deps.db,
    targets.map((t) => {
      const deliveryKey = webhookDeliveryKey(firing, t.url);
      const body = testWebhookBody(deliveryKey, deps.links, now);
      return { deliveryKey, userId, alertId: null, url: t.url, format: t.format, body };
    }),
  );
  await Promise.all(ids.map((id) => deps.deliveries.webhook(id)));
  return await firstWebhookAttempts(deps.db, ids, deps.waitMs);
}
