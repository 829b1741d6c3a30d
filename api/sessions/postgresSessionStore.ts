import type { Knex } from 'knex';
import { MINUTE_MS, DAY_MS } from '../../core/timeWindows';

/**
 * A rolling refresh moves a session's expiry at most this often per process: the expiry stays "14 days from the last
 * request" to within a minute, without a Postgres write on every request.
 */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE_MS;
const MAX_TRACKED_SESSIONS = 100_000;

/**
 * The signed-in user's current state, read with the session in one query. Stored under a key starting with `_`, which
 * koa-session neither saves back nor counts as a change.
 */
export const SESSION_USER_KEY = '_user';
export interface SessionUserState {
  id: string;
  role: 'user' | 'admin';
  isActive: boolean;
}

/** koa-session external store over the `sessions` table (sid, sess JSON, expire). */
export function createPostgresSessionStore(db: Knex, options: { touchIntervalMs?: number } = {}) {
  const touchIntervalMs = options.touchIntervalMs ?? SESSION_TOUCH_INTERVAL_MS;
  /** sid → when this process last wrote its expiry. */
  const touchedAt = new Map<string, number>();
  return {
    /** The live session, with the state of the user it names (or null) under SESSION_USER_KEY. */
    async get(sid: string): Promise<Record<string, unknown> | undefined> {
      const row = await db('sessions as s')
        // userId is always a UUID the server wrote; the guard keeps a hand-edited row from failing the cast.
        .leftJoin('users as u', 'u.id', db.raw(`CASE WHEN s.sess->>'userId' ~ '^[0-9a-f-]{36}$' THEN (s.sess->>'userId')::uuid END`))
        .where('s.sid', sid)
        .andWhere('s.expire', '>', db.fn.now())
        .first<{ sess: Record<string, unknown>; id: string | null; role: 'user' | 'admin' | null; is_active: boolean | null } | undefined>('s.sess', 'u.id', 'u.role', 'u.is_active');
      if (!row) return undefined;
      const user: SessionUserState | null = row.id ? { id: row.id, role: row.role!, isActive: row.is_active === true } : null;
      return { ...row.sess, [SESSION_USER_KEY]: user };
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined, options?: { changed?: boolean }): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : DAY_MS;
      const now = Date.now();
      if (options && options.changed === false) {
        if (now - (touchedAt.get(sid) ?? -Infinity) < touchIntervalMs) return;
        if (touchedAt.size >= MAX_TRACKED_SESSIONS) touchedAt.clear();
        touchedAt.set(sid, now);
        // A rolling refresh only moves the expiry of a live session: a request that started before a logout
        // must not bring the destroyed session back.
        await db('sessions').where({ sid }).update({ expire: new Date(now + ttl) });
        return;
      }
      touchedAt.set(sid, now);
      await db('sessions')
        .insert({ sid, sess, expire: new Date(Date.now() + ttl) })
        .onConflict('sid')
        .merge(['sess', 'expire']);
    },
    async destroy(sid: string): Promise<void> {
      touchedAt.delete(sid);
      await db('sessions').where({ sid }).delete();
    },
  };
}

/** Deletes expired session rows; returns how many. */
export async function purgeExpiredSessions(db: Knex): Promise<number> {
  return await db('sessions').where('expire', '<=', db.fn.now()).delete();
}

/** Ends every session of a user (account deletion, deactivation). */
export async function destroyUserSessions(db: Knex, userId: string): Promise<number> {
  return await db('sessions').whereRaw(`sess->>'userId' = ?`, [userId]).delete();
}
