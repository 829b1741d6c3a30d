import { inQuietHours } from '../../core/alerts/quietHours';
import type { AlertStockRow, FiredEvent } from '../../warehouse/postgres/alerts';
import type { AlertRecipientRow, HeldNotificationRow } from '../../warehouse/postgres/alertNotifications';
import type { NewNotification } from '../notifications/delivery';
import type { AlertPayload } from '../notifications/messages';

/**
 * Which alert messages go out now and which wait, apart from any store. A user's alert messages wait (are held) during
 * their quiet hours and once they were sent max_alerts_per_hour messages on a channel in the last 60 minutes. Held
 * messages go out together as one digest per user and channel as soon as the user is outside quiet hours and under
 * the cap; the digest counts as one message against the cap.
 */

/** The messages one alert event sends: each channel enabled on the alert and in the user's settings, to a verified address or phone. */
export function eventNotifications(
  e: FiredEvent,
  user: AlertRecipientRow | undefined,
  stock: AlertStockRow | undefined,
): NewNotification[] {
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
  if (e.email_enabled && user.email_alerts && user.email_verified)
    out.push({
      idempotencyKey: key('email'),
      userId: e.user_id,
      alertId: e.alert_id,
      channel: 'email',
      recipient: user.email,
      content: { kind: 'alert', payload },
    });
  if (e.sms_enabled && user.sms_alerts && user.phone_number && user.phone_verified)
    out.push({
      idempotencyKey: key('sms'),
      userId: e.user_id,
      alertId: e.alert_id,
      channel: 'sms',
      recipient: user.phone_number,
      content: { kind: 'alert', payload },
    });
  return out;
}

export const inUsersQuietHours = (u: AlertRecipientRow, now: Date) =>
  inQuietHours(now, u.time_zone, u.quiet_hours_start, u.quiet_hours_end);

export interface AlertMessagePlan {
  /** One digest per (user, channel) whose held messages may go now, with the held messages it carries. */
  digests: Array<{ digest: NewNotification; carries: number[] }>;
  /** This evaluation's messages, each sent now or held. */
  messages: Array<{ notification: NewNotification; held: boolean }>;
}

/**
 * Plans the messages of the events that fired. `held` are the messages held earlier (oldest first); `sentLastHour`
 * counts the alert messages sent per `${userId}:${channel}` in the last 60 minutes. Digests are planned first, so held
 * messages go before new ones; a digest's idempotency key names the newest message it carries, so a retried
 * evaluation cannot build it twice.
 */
export function planAlertMessages(input: {
  fired: FiredEvent[];
  held: HeldNotificationRow[];
  users: Map<string, AlertRecipientRow>;
  stocks: Map<number, AlertStockRow>;
  sentLastHour: Map<string, number>;
  now: Date;
}): AlertMessagePlan {
  const { users, now } = input;
  const sent = new Map(input.sentLastHour);
  const hasRoom = (user: AlertRecipientRow, channel: string) =>
    (sent.get(`${user.id}:${channel}`) ?? 0) < user.max_alerts_per_hour;
  const count = (userId: string, channel: string) =>
    sent.set(`${userId}:${channel}`, (sent.get(`${userId}:${channel}`) ?? 0) + 1);

  const digests: AlertMessagePlan['digests'] = [];
  const groups = new Map<string, HeldNotificationRow[]>();
  for (const h of input.held)
    groups.set(`${h.user_id}:${h.channel}`, [...(groups.get(`${h.user_id}:${h.channel}`) ?? []), h]);
  for (const group of groups.values()) {
    const { user_id: userId, channel } = group[0]!;
    const user = users.get(userId);
    if (!user || inUsersQuietHours(user, now) || !hasRoom(user, channel)) continue;
    const newest = group[group.length - 1]!;
    digests.push({
      digest: {
        idempotencyKey: `alert-digest:${userId}:${channel}:${newest.id}`,
        userId,
        alertId: null,
        channel,
        recipient: newest.recipient,
        content: { kind: 'alert_digest', payload: { alerts: group.map((h) => h.payload as AlertPayload) } },
      },
      carries: group.map((h) => h.id),
    });
    count(userId, channel);
  }

  const messages = input.fired
    .flatMap((e) => eventNotifications(e, users.get(e.user_id), input.stocks.get(e.stock_id)))
    .map((notification) => {
      const user = users.get(notification.userId)!;
      const held = inUsersQuietHours(user, now) || !hasRoom(user, notification.channel);
      if (!held) count(notification.userId, notification.channel);
      return { notification, held };
    });
  return { digests, messages };
}
