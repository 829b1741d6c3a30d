import type { Knex } from 'knex';
import type { WebhookBody } from '../../core/contracts/webhooks';
import { firingKey, webhookDeliveryKey } from '../notifications/webhookDeliveryKeys';
import { recordAlertFirings } from '../../warehouse/postgres/alertOutcomes';
import {
  recordWebhookDeliveries,
  webhookTargetsOfAlerts,
  type NewWebhookDelivery,
} from '../../warehouse/postgres/webhooks';

/** What one firing of an alert was: enough to price it later and to describe it to a webhook. */
export interface Firing {
  alertId: number;
  /** Which of the alert's events this is (`crossing:3`, `flip:2`, `trend:<stock>:1`): part of every key it leaves. */
  eventKey: string;
  userId: string;
  /** Whether the owner is told at all (an active subscriber): webhooks follow the same rule as e-mail and SMS. */
  notify: boolean;
  kind: string;
  ticker: string;
  name: string;
  windowMinutes: number;
  count: number;
  threshold: number | null;
  parameters: WebhookBody['parameters'];
  priceAtFire: number | null;
}

export interface FiringLinks {
  dashboard: string;
  alerts: string;
}

/**
 * In the transaction that records the firings: one outcome row per firing (priced later) and one webhook delivery per
 * (firing, target) of the owners who are notified. Both are keyed by the firing, so recording twice records once.
 */
export async function recordFiringFollowUps(
  trx: Knex,
  firings: Firing[],
  firedAt: Date,
  links: FiringLinks,
): Promise<void> {
  await recordAlertFirings(
    trx,
    firings.map((f) => ({
      firingKey: firingKey(f),
      userId: f.userId,
      alertId: f.alertId,
      ticker: f.ticker,
      kind: f.kind,
      firedAt,
    })),
  );
  const notified = firings.filter((f) => f.notify);
  const targets = await webhookTargetsOfAlerts(
    trx,
    notified.map((f) => f.alertId),
  );
  const deliveries: NewWebhookDelivery[] = notified.flatMap((f) =>
    (targets.get(f.alertId) ?? []).map((target) => {
      const deliveryKey = webhookDeliveryKey(firingKey(f), target.url);
      const body: WebhookBody = {
        event: 'alert.fired',
        deliveryId: deliveryKey,
        alertId: f.alertId,
        kind: f.kind,
        ticker: f.ticker,
        name: f.name,
        windowMinutes: f.windowMinutes,
        count: f.count,
        threshold: f.threshold,
        parameters: f.parameters,
        firedAt: firedAt.toISOString(),
        priceAtFire: f.priceAtFire,
        links,
      };
      return { deliveryKey, userId: f.userId, alertId: f.alertId, url: target.url, format: target.format, body };
    }),
  );
  await recordWebhookDeliveries(trx, deliveries);
}
