import type { Database } from '../../platform/database';

/** A live session's data, with the id, role and state of the user it names (null columns when that user is gone). */
export interface SessionWithUserRow {
  sess: Record<string, unknown>;
  id: string | null;
  role: 'user' | 'admin' | null;
  is_active: boolean | null;
}

/** The unexpired sessions among `sids`, each with its user, read in one query (sid → row; absent when none is live). */
export async function liveSessionsWithUsers(
  db: Database,
  sids: readonly string[],
): Promise<Map<string, SessionWithUserRow>> {
  const rows = await db('sessions as s')
    // userId is always a UUID the server wrote; the guard keeps a hand-edited row from failing the cast.
    .leftJoin(
      'users as u',
      'u.id',
      db.raw(`CASE WHEN s.sess->>'userId' ~ '^[0-9a-f-]{36}$' THEN (s.sess->>'userId')::uuid END`),
    )
    .whereIn('s.sid', sids)
    .andWhere('s.expire', '>', db.fn.now())
    .select<Array<SessionWithUserRow & { sid: string }>>('s.sid', 's.sess', 'u.id', 'u.role', 'u.is_active');
  return new Map(rows.map(({ sid, ...row }) => [sid, row]));
}

/** Stores a session's data and expiry (created when missing). */
export async function saveSession(
  db: Database,
  sid: string,
  sess: Record<string, unknown>,
  expire: Date,
): Promise<void> {
  await db('sessions').insert({ sid, sess, expire }).onConflict('sid').merge(['sess', 'expire']);
}

/** Moves the expiry of a session that still exists; never recreates a destroyed one. */
export async function touchSession(db: Database, sid: string, expire: Date): Promise<void> {
  await db('sessions').where({ sid }).update({ expire });
}

export async function deleteSession(db: Database, sid: string): Promise<void> {
  await db('sessions').where({ sid }).delete();
}

/** Deletes expired session rows; returns how many. */
export async function purgeExpiredSessions(db: Database): Promise<number> {
  return await db('sessions').where('expire', '<=', db.fn.now()).delete();
}

/** Ends every session of a user (account deletion, deactivation, password change). */
export async function destroyUserSessions(db: Database, userId: string): Promise<number> {
  return await db('sessions').whereRaw(`sess->>'userId' = ?`, [userId]).delete();
}
