import type { Knex } from 'knex';
import { HOUR_MS } from '../../core/timeWindows';
import {
  alertMessagesSince,
  alertRecipients,
  heldAlertNotifications,
  markBatched,
  type AlertRecipientRow,
} from '../../warehouse/postgres/alertNotifications';
import { insertNotifications } from '../../warehouse/postgres/notifications';
import { alertStocks, type AlertStockRow, type FiredEvent } from '../../warehouse/postgres/alerts';
import { notificationRow } from '../notifications/delivery';
import { planAlertMessages } from './noiseControl';

/**
 * Records the messages of the events that fired, under each user's noise control (noiseControl.ts), inside the
 * evaluation's transaction: held messages as 'held', the others as 'pending', and each digest of held messages with
 * the messages it carries marked 'batched'.
 */
export async function recordAlertNotifications(
  trx: Knex,
  fired: FiredEvent[],
  notifiedStatuses: readonly string[],
  now: Date,
): Promise<{ users: Map<string, AlertRecipientRow>; stocks: Map<number, AlertStockRow> }> {
  const held = await heldAlertNotifications(trx);
  const userIds = [...new Set([...fired.map((e) => e.user_id), ...held.map((h) => h.user_id)])];
  const [users, stocks, sentLastHour] = await Promise.all([
    alertRecipients(trx, userIds, notifiedStatuses, now),
    alertStocks(trx, [...new Set(fired.map((e) => e.stock_id))]),
    alertMessagesSince(trx, userIds, new Date(now.getTime() - HOUR_MS)),
  ]);
  const plan = planAlertMessages({ fired, held, users, stocks, sentLastHour, now });
  for (const { digest, carries } of plan.digests) {
    const [digestId] = await insertNotifications(trx, [{ ...notificationRow(digest), created_at: now }]);
    if (digestId !== undefined) await markBatched(trx, carries, digestId);
  }
  await insertNotifications(
    trx,
    plan.messages.map((m) => ({
      ...notificationRow(m.notification),
      status: m.held ? 'held' : 'pending',
      created_at: now,
    })),
  );
  // The recipients and stocks read here also describe the events to their follow-ups (outcomes, webhooks).
  return { users, stocks };
}
