import type { Database } from '../../platform/database';
import { TRIAL_ENDED_SQL } from './trials';

/** Postgres reads and writes of alert notifications: who receives them, and the noise control's held messages. */

/** What decides whether and where a user's alert messages go. */
export interface AlertRecipientRow {
  id: string;
  email: string;
  phone_number: string | null;
  email_alerts: boolean;
  sms_alerts: boolean;
  /** Alert e-mails go only to a confirmed address, SMS only to a confirmed phone (no mail- or SMS-bombing a stranger). */
  email_verified: boolean;
  phone_verified: boolean;
  /** An active subscriber (trialing, the admin's trial, or active; a card-free trial not past its end) with an active account. */
  notify: boolean;
  time_zone: string;
  quiet_hours_start: string | null;
  quiet_hours_end: string | null;
  max_alerts_per_hour: number;
}

export async function alertRecipients(
  db: Database,
  userIds: string[],
  notifiedStatuses: readonly string[],
  now: Date,
): Promise<Map<string, AlertRecipientRow>> {
  if (userIds.length === 0) return new Map();
  const result = await db.raw<{ rows: AlertRecipientRow[] }>(
    `SELECT u.id, u.email, u.phone_number, u.email_alerts, u.sms_alerts,
            u.email_verified_at IS NOT NULL AS email_verified, u.phone_verified_at IS NOT NULL AS phone_verified,
            (u.is_active AND u.subscription_status = ANY(?::text[]) AND NOT ${TRIAL_ENDED_SQL}) AS notify,
            u.time_zone, u.quiet_hours_start, u.quiet_hours_end, u.max_alerts_per_hour
     FROM users u WHERE u.id = ANY(?::uuid[])`,
    [[...notifiedStatuses], now, userIds],
  );
  return new Map(result.rows.map((r) => [r.id, r]));
}

/** Alert messages (single or digest) each (user, channel) was sent, or is sending, since `since`: what the hourly cap counts. */
export async function alertMessagesSince(db: Database, userIds: string[], since: Date): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db('notifications')
    .whereIn('user_id', userIds)
    .whereIn('kind', ['alert', 'alert_digest'])
    .whereNotIn('status', ['held', 'batched'])
    .where('created_at', '>=', since)
    .groupBy('user_id', 'channel')
    .select<Array<{ user_id: string; channel: string; count: number }>>(
      'user_id',
      'channel',
      db.raw('count(*)::int AS count'),
    );
  return new Map(rows.map((r) => [`${r.user_id}:${r.channel}`, r.count]));
}

export interface HeldNotificationRow {
  id: number;
  user_id: string;
  channel: 'email' | 'sms';
  recipient: string;
  payload: unknown;
}

/** Alert messages held by quiet hours or the hourly cap, oldest first. */
export async function heldAlertNotifications(db: Database): Promise<HeldNotificationRow[]> {
  const rows = await db('notifications')
    .where('status', 'held')
    .whereNotNull('user_id')
    .orderBy('id')
    .select<HeldNotificationRow[]>('id', 'user_id', 'channel', 'recipient', 'payload');
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Marks held messages as carried by the digest `batchId` (they are never sent on their own). */
export async function markBatched(db: Database, ids: number[], batchId: number): Promise<void> {
  if (ids.length > 0)
    await db('notifications')
      .whereIn('id', ids)
      .where('status', 'held')
      .update({ status: 'batched', batch_id: batchId });
}
