import type { Database } from '../../platform/database';
import {
  claimNotification,
  insertNotifications,
  type ClaimedNotificationRow,
  markNotificationFailed,
  markNotificationSent,
  markStaleClaimsUnconfirmed,
} from '../../warehouse/postgres/notifications';
import type { AccountMessageContent } from '../accounts/accountMessageContent';
import type { Mailer } from './mailer';
import { renderEmail, renderSms, type AccountPayload, type NotificationContent } from './messages';
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

export interface DeliveryOptions {
  hooks?: DeliveryHooks;
  /** Issues an account message's link or code at send time (without it, an account message fails). */
  accountContent?: AccountMessageContent;
}

/**
 * Sends one recorded notification at most once. The row is claimed (pending or failed → sending) before the provider
 * is called; a provider error puts it back to failed and rethrows so the activity retries. Whatever claimed state a
 * crash or timeout leaves behind is never claimed again, so a retried or replayed activity cannot send it twice.
 */
export async function deliverNotification(
  db: Database,
  channels: NotificationChannels,
  id: number,
  options: DeliveryOptions = {},
): Promise<DeliveryOutcome> {
  const n = await claimNotification(db, id);
  if (!n) return 'skipped';
  let providerId: string;
  try {
    const content = await contentToSend(n, options.accountContent);
    providerId =
      n.channel === 'email'
        ? await channels.mailer.send({ to: n.recipient, ...renderEmail(content, channels.dashboardUrl) })
        : await channels.sms.send({ to: n.recipient, body: renderSms(content, channels.dashboardUrl) });
  } catch (err) {
    await markNotificationFailed(db, id, err instanceof Error ? err.message : String(err));
    throw err;
  }
  await options.hooks?.afterSend?.(id);
  await markNotificationSent(db, id, providerId);
  return 'sent';
}

/** The stored content, except for an account message, whose link or code is issued now (it is never stored). */
async function contentToSend(
  n: ClaimedNotificationRow,
  accountContent: AccountMessageContent | undefined,
): Promise<NotificationContent> {
  if (n.kind !== 'account') return { kind: n.kind, payload: n.payload } as NotificationContent;
  if (!accountContent) throw new Error('Account messages cannot be sent by this process (no account links)');
  const { purpose } = n.payload as Pick<AccountPayload, 'purpose'>;
  return { kind: 'account', payload: await accountContent({ userId: n.user_id, recipient: n.recipient, purpose }) };
}

/** Claims left in `sending` this long are from a crash or lost result: marked unconfirmed, never re-sent. */
export async function expireStaleClaims(db: Database, olderThanMinutes = 10): Promise<number> {
  return await markStaleClaimsUnconfirmed(
    db,
    olderThanMinutes,
    'The send was interrupted; not repeated to avoid a duplicate',
  );
}
