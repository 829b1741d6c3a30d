import type { Database } from '../../platform/database';

/**
 * Postgres reads and writes of `notifications`, the record of every e-mail and SMS the product sends: inserted once per
 * idempotency key, then claimed (pending or failed → sending) before the provider is called, so no message goes out twice.
 */

/** What a claimed notification carries to its channel. */
export interface ClaimedNotificationRow {
  user_id: string;
  channel: 'email' | 'sms';
  kind: string;
  recipient: string;
  payload: unknown;
}

/** Inserts notification rows once per idempotency key; returns the ids of the rows this call inserted. */
export async function insertNotifications(db: Database, rows: object[]): Promise<number[]> {
  const ids: number[] = [];
  // In statements of at most 1,000 rows: Postgres takes at most 65,535 parameters in one.
  for (let i = 0; i < rows.length; i += 1_000) {
    const inserted = await db('notifications')
      .insert(rows.slice(i, i + 1_000))
      .onConflict('idempotency_key')
      .ignore()
      .returning<{ id: string }[]>('id');
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

/** Claims a pending or failed notification for one send (counting the attempt); undefined when it is not open. */
export async function claimNotification(db: Database, id: number): Promise<ClaimedNotificationRow | undefined> {
  const [row] = await db('notifications')
    .where({ id })
    .whereIn('status', ['pending', 'failed'])
    .update({ status: 'sending', attempts: db.raw('attempts + 1'), attempted_at: db.fn.now() })
    .returning<ClaimedNotificationRow[]>(['user_id', 'channel', 'kind', 'recipient', 'payload']);
  return row;
}

export async function markNotificationFailed(db: Database, id: number, error: string): Promise<void> {
  await db('notifications').where({ id }).update({ status: 'failed', error });
}

export async function markNotificationSent(db: Database, id: number, providerId: string): Promise<void> {
  await db('notifications')
    .where({ id })
    .update({ status: 'sent', provider_id: providerId, sent_at: db.fn.now(), error: null });
}

/** Marks claims left in `sending` longer than `olderThanMinutes` as unconfirmed (never sent again); returns how many. */
export async function markStaleClaimsUnconfirmed(
  db: Database,
  olderThanMinutes: number,
  error: string,
): Promise<number> {
  return await db('notifications')
    .where('status', 'sending')
    .where('attempted_at', '<', db.raw(`now() - make_interval(mins => ?)`, [olderThanMinutes]))
    .update({ status: 'unconfirmed', error });
}

/**
 * Notifications still to send (pending, or failed with attempts left). Account messages are left to their own delivery
 * workflow: a link or code issued hours later by an alert evaluation is not what its owner asked for.
 */
export async function openNotificationIds(db: Database, maxAttempts: number): Promise<number[]> {
  const ids = await db('notifications')
    .whereIn('status', ['pending', 'failed'])
    .whereNot('kind', 'account')
    .where('attempts', '<', maxAttempts)
    .orderBy('id')
    .limit(5000)
    .pluck<string[]>('id');
  return ids.map(Number);
}

/** Weekly digests still to send (pending, or failed with attempts left). */
export async function openDigestIds(db: Database, maxAttempts: number): Promise<number[]> {
  const ids = await db('notifications')
    .where('kind', 'digest')
    .whereIn('status', ['pending', 'failed'])
    .where('attempts', '<', maxAttempts)
    .pluck<string[]>('id');
  return ids.map(Number);
}

export interface NotificationOutcome {
  id: number;
  status: string;
  attempts: number;
  error: string | null;
}

/** Where each of these notifications stands (status, attempts so far, the last error). */
export async function notificationOutcomes(db: Database, ids: number[]): Promise<NotificationOutcome[]> {
  const rows = await db('notifications')
    .whereIn('id', ids)
    .orderBy('id')
    .select<Array<{ id: string; status: string; attempts: number; error: string | null }>>(
      'id',
      'status',
      'attempts',
      'error',
    );
  return rows.map((r) => ({ id: Number(r.id), status: r.status, attempts: r.attempts, error: r.error }));
}
