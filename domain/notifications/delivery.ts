import type { Database } from '../../platform/database';
import {
  claimNotification,
  insertNotifications,
  markNotificationFailed,
  markNotificationSent,
  markStaleClaimsUnconfirmed,
} from '../../warehouse/postgres/notifications';
import type { Mailer } from './mailer';
import { renderEmail, renderSms, type NotificationContent } from './messages';
import type { SmsSender } from './smsSender';

/** Where notifications go out: the SMTP mailer, the SMS sender and the dashboard link they carry. */
export interface NotificationChannels {
  mailer: Mailer;
  sms: SmsSender;
  dashboardUrl: string;
}

/** Test seam: runs after the provider accepted a message and before that is recorded (fault injection). */
export interface DeliveryHooks {
  afterSend?: (notificationId: number) => void | Promise<void>;
}

export interface NewNotification {
  idempotencyKey: string;
  userId: string;
  alertId: number | null;
  channel: 'email' | 'sms';
  recipient: string;
  content: NotificationContent;
}

export const notificationRow = (n: NewNotification) => ({
  idempotency_key: n.idempotencyKey,
  user_id: n.userId,
  alert_id: n.alertId,
  kind: n.content.kind,
  channel: n.channel,
  recipient: n.recipient,
  payload: JSON.stringify(n.content.payload),
});

/** Records a notification to send (once per idempotency key); returns its id, or null when the key was already recorded. */
export async function recordNotification(db: Database, n: NewNotification): Promise<number | null> {
  const [id] = await insertNotifications(db, [notificationRow(n)]);
  return id ?? null;
}

export type DeliveryOutcome = 'sent' | 'skipped';

/**
 * Sends one recorded notification at most once. The row is claimed (pending or failed → sending) before the provider
 * is called; a provider error puts it back to failed and rethrows so the activity retries. Whatever claimed state a
 * crash or timeout leaves behind is never claimed again, so a retried or replayed activity cannot send it twice.
 */
export async function deliverNotification(
  db: Database,
  channels: NotificationChannels,
  id: number,
  hooks: DeliveryHooks = {},
  /** Rendered instead of the stored payload: an account message whose link or code must not be stored. */
  secretContent?: NotificationContent,
): Promise<DeliveryOutcome> {
  const n = await claimNotification(db, id);
  if (!n) return 'skipped';
  const content = secretContent ?? ({ kind: n.kind, payload: n.payload } as NotificationContent);
  let providerId: string;
  try {
    providerId =
      n.channel === 'email'
        ? await channels.mailer.send({ to: n.recipient, ...renderEmail(content, channels.dashboardUrl) })
        : await channels.sms.send({ to: n.recipient, body: renderSms(content, channels.dashboardUrl) });
  } catch (err) {
    await markNotificationFailed(db, id, err instanceof Error ? err.message : String(err));
    throw err;
  }
  await hooks.afterSend?.(id);
  await markNotificationSent(db, id, providerId);
  return 'sent';
}

/** Claims left in `sending` this long are from a crash or lost result: marked unconfirmed, never re-sent. */
export async function expireStaleClaims(db: Database, olderThanMinutes = 10): Promise<number> {
  return await markStaleClaimsUnconfirmed(
    db,
    olderThanMinutes,
    'The send was interrupted; not repeated to avoid a duplicate',
  );
}
