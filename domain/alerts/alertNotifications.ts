import type { Knex } from 'knex';
import { inQuietHours } from '../../core/alerts/quietHours';
import { HOUR_MS } from '../../core/timeWindows';
import { alertMessagesSince, alertRecipients, heldAlertNotifications, markBatched, type AlertRecipientRow } from '../../warehouse/postgres/alertNotifications';
import { insertNotifications } from '../../warehouse/postgres/notifications';
import { alertStocks, type AlertStockRow, type FiredEvent } from '../../warehouse/postgres/alerts';
import { notificationRow, type NewNotification } from '../notifications/delivery';
import type { AlertPayload } from '../notifications/messages';



/** The messages one alert event sends: each channel enabled on the alert and in the user's settings, to a verified address or phone. */
export function eventNotifications(e: FiredEvent, user: AlertRecipientRow | undefined, stock: AlertStockRow | undefined): NewNotification[] {
  if (!user?.notify || !stock) return [];
  const payload: AlertPayload = {
    kind: e.kind,
    ticker: stock.ticker,
    name: stock.name,
    mentions: e.mentions,
    threshold: e.mention_threshold,
    windowMinutes: e.window_minutes,
    sentiment: stock.sentiment,
    price: stock.price,
    changePercent: stock.change_percent,
    ...(e.facts as Partial<AlertPayload>),
  };
  const key = (channel: string) => `alert:${e.alert_id}:${e.event_key}:${channel}`;
  const out: NewNotification[] = [];
  if (e.email_enabled && user.email_alerts && user.email_verified) out.push({ idempotencyKey: key('email'), userId: e.user_id, alertId: e.alert_id, channel: 'email', recipient: user.email, content: { kind: 'alert', payload } });
  if (e.sms_enabled && user.sms_alerts && user.phone_number && user.phone_verified) out.push({ idempotencyKey: key('sms'), userId: e.user_id, alertId: e.alert_id, channel: 'sms', recipient: user.phone_number, content: { kind: 'alert', payload } });
  return out;
}

const quiet = (u: AlertRecipientRow, now: Date) => inQuietHours(now, u.time_zone, u.quiet_hours_start, u.quiet_hours_end);

/**
 * Records the messages of the events that fired, under each user's noise control, inside the evaluation's
 * transaction. A message that falls in the user's quiet hours, or past their hourly cap on alert messages (per
 * channel, over the last 60 minutes), is recorded as held. Held messages go out together as one digest per channel as
 * soon as the user is outside quiet hours and under the cap; the digest counts as one message against the cap, and
 * its idempotency key names the newest message it carries, so a retried evaluation cannot build it twice.
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
  const hasRoom = (user: AlertRecipientRow, channel: string) => (sentLastHour.get(`${user.id}:${channel}`) ?? 0) < user.max_alerts_per_hour;
  const count = (userId: string, channel: string) => sentLastHour.set(`${userId}:${channel}`, (sentLastHour.get(`${userId}:${channel}`) ?? 0) + 1);

  const groups = new Map<string, typeof held>();
  for (const h of held) groups.set(`${h.user_id}:${h.channel}`, [...(groups.get(`${h.user_id}:${h.channel}`) ?? []), h]);
  for (const group of groups.values()) {
    const { user_id: userId, channel } = group[0]!;
    const user = users.get(userId);
    if (!user || quiet(user, now) || !hasRoom(user, channel)) continue;
    const newest = group[group.length - 1]!;
    const digest: NewNotification = {
      idempotencyKey: `alert-digest:${userId}:${channel}:${newest.id}`,
      userId,
      alertId: null,
      channel,
      recipient: newest.recipient,
      content: { kind: 'alert_digest', payload: { alerts: group.map((h) => h.payload as AlertPayload) } },
    };
    const [digestId] = await insertNotifications(trx, [{ ...notificationRow(digest), created_at: now }]);
    if (digestId !== undefined) await markBatched(trx, group.map((h) => h.id), digestId);
    count(userId, channel);
  }

  const rows = fired.flatMap((e) => eventNotifications(e, users.get(e.user_id), stocks.get(e.stock_id))).map((n) => {
    const user = users.get(n.userId)!;
    const hold = quiet(user, now) || !hasRoom(user, n.channel);
    if (!hold) count(n.userId, n.channel);
    return { ...notificationRow(n), status: hold ? 'held' : 'pending', created_at: now };
  });
  await insertNotifications(trx, rows);
  // The recipients and stocks read here also describe the events to their follow-ups (outcomes, webhooks).
  return { users, stocks };
}
