import type { Knex } from 'knex';

/**
 * A rolling refresh moves a session's expiry at most this often per process: the expiry stays "14 days from the last
 * request" to within a minute, without a Postgres write on every request.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
const MAX_TRACKED_SESSIONS = 100_000;

/** koa-session external store over the `sessions` table (sid, sess JSON, expire). */
export function createPostgresSessionStore(db: Knex, options: { touchIntervalMs?: number } = {}) {
  const touchIntervalMs = options.touchIntervalMs ?? SESSION_TOUCH_INTERVAL_MS;
  /** sid → when this process last wrote its expiry. */
  const touchedAt = new Map<string, number>();
  return {
    async get(sid: string): Promise<Record<string, unknown> | undefined> {
      const row = await db('sessions').where({ sid }).andWhere('expire', '>', db.fn.now()).first('sess');
      return row?.sess;
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined, options?: { changed?: boolean }): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
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
