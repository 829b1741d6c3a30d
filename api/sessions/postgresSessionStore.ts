import type { Knex } from 'knex';

/** koa-session external store over the `sessions` table (sid, sess JSON, expire). */
export function createPostgresSessionStore(db: Knex) {
  return {
    async get(sid: string): Promise<Record<string, unknown> | undefined> {
      const row = await db('sessions').where({ sid }).andWhere('expire', '>', db.fn.now()).first('sess');
      return row?.sess;
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined, options?: { changed?: boolean }): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
      if (options && options.changed === false) {
        // A rolling refresh only moves the expiry of a live session: a request that started before a logout
        // must not bring the destroyed session back.
        await db('sessions').where({ sid }).update({ expire: new Date(Date.now() + ttl) });
        return;
      }
      await db('sessions')
        .insert({ sid, sess, expire: new Date(Date.now() + ttl) })
        .onConflict('sid')
        .merge(['sess', 'expire']);
    },
    async destroy(sid: string): Promise<void> {
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
