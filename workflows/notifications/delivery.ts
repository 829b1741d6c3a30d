import type { Knex } from 'knex';
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
export async function recordNotification(db: Knex, n: NewNotification): Promise<number | null> {
  const rows = await db('notifications').insert(notificationRow(n)).onConflict('idempotency_key').ignore().returning<{ id: string }[]>('id');
  return rows[0] ? Number(rows[0].id) : null;
}

export type DeliveryOutcome = 'sent' | 'skipped';

/**
 * Sends one recorded notification at most once. The row is claimed (pending or failed → sending) before the provider
 * is called; a provider error puts it back to failed and rethrows so the activity retries. Whatever claimed state a
 * crash or timeout leaves behind is never claimed again, so a retried or replayed activity cannot send it twice.
 */
export async function deliverNotification(
  db: Knex,
  channels: NotificationChannels,
  id: number,
  hooks: DeliveryHooks = {},
  /** Rendered instead of the stored payload: an account message whose link or code must not be stored. */
  secretContent?: NotificationContent,
): Promise<DeliveryOutcome> {
  const [n] = await db('notifications')
    .where({ id })
    .whereIn('status', ['pending', 'failed'])
    .update({ status: 'sending', attempts: db.raw('attempts + 1'), attempted_at: db.fn.now() })
    .returning<Array<{ channel: 'email' | 'sms'; kind: NotificationContent['kind']; recipient: string; payload: NotificationContent['payload'] }>>(['channel', 'kind', 'recipient', 'payload']);
  if (!n) return 'skipped';
  const content = secretContent ?? ({ kind: n.kind, payload: n.payload } as NotificationContent);
  let providerId: string;
  try {
    providerId =
      n.channel === 'email'
        ? await channels.mailer.send({ to: n.recipient, ...renderEmail(content, channels.dashboardUrl) })
        : await channels.sms.send({ to: n.recipient, body: renderSms(content, channels.dashboardUrl) });
  } catch (err) {
    await db('notifications').where({ id }).update({ status: 'failed', error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
  await hooks.afterSend?.(id);
  await db('notifications').where({ id }).update({ status: 'sent', provider_id: providerId, sent_at: db.fn.now(), error: null });
  return 'sent';
}

/** Claims left in `sending` this long are from a crash or lost result: marked unconfirmed, never re-sent. */
export async function expireStaleClaims(db: Knex, olderThanMinutes = 10): Promise<number> {
  return await db('notifications')
    .where('status', 'sending')
    .where('attempted_at', '<', db.raw(`now() - make_interval(mins => ?)`, [olderThanMinutes]))
    .update({ status: 'unconfirmed', error: 'The send was interrupted; not repeated to avoid a duplicate' });
}
