import type { WebhookDelivery } from '../../core/contracts/webhooks';
import type { Database } from '../../platform/database';
import { notificationOutcomes, type NotificationOutcome } from '../../warehouse/postgres/notifications';
import { webhookDeliveriesByIds } from '../../warehouse/postgres/webhooks';

/** How often a waiting request looks at the rows: a send's outcome shows within this of being recorded. */
const POLL_MS = 50;

/**
 * Reads the rows until `settled` holds or `waitMs` has passed, and returns the last read: what a request that started
 * a send knows about it. The delivery goes on after the wait either way (retries included).
 */
async function readUntil<T>(read: () => Promise<T>, settled: (rows: T) => boolean, waitMs: number): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const rows = await read();
    if (settled(rows) || Date.now() >= deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
  }
}

/** An e-mail or SMS whose first attempt has an outcome: sent, refused (failed, and retried), or cut off (unconfirmed). */
const NOTIFICATION_ATTEMPTED = new Set(['sent', 'failed', 'unconfirmed']);

/** Waits (at most `waitMs`) for the first attempt of a recorded notification; its row as it then stands. */
export async function firstNotificationAttempt(db: Database, id: number, waitMs: number): Promise<NotificationOutcome> {
  const [row] = await readUntil(
    () => notificationOutcomes(db, [id]),
    (rows) => rows.every((r) => NOTIFICATION_ATTEMPTED.has(r.status)),
    waitMs,
  );
  if (!row) throw new Error(`Notification ${id} is not recorded`);
  return row;
}

/** Waits (at most `waitMs`) for the first attempt of each recorded webhook delivery; the log rows as they then stand. */
export async function firstWebhookAttempts(db: Database, ids: number[], waitMs: number): Promise<WebhookDelivery[]> {
  return await readUntil(
    () => webhookDeliveriesByIds(db, ids),
    (rows) => rows.every((r) => r.status === 'delivered' || r.status === 'failed'),
    waitMs,
  );
}
