import type { Database } from '../../platform/database';
import { MINUTE_MS, DAY_MS } from '../../core/timeWindows';
import { batchedLoads } from '../../platform/batchedLoads';
import { deleteSession, liveSessionsWithUsers, saveSession, touchSession } from '../../warehouse/postgres/sessions';

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
export function createPostgresSessionStore(db: Database, options: { touchIntervalMs?: number } = {}) {
  const touchIntervalMs = options.touchIntervalMs ?? SESSION_TOUCH_INTERVAL_MS;
  /** sid → when this process last wrote its expiry. */
  const touchedAt = new Map<string, number>();
  // Every signed-in request reads its session: the requests that arrive together share one query instead of one each.
  const liveSession = batchedLoads((sids: string[]) => liveSessionsWithUsers(db, sids));
  return {
    /** The live session, with the state of the user it names (or null) under SESSION_USER_KEY. */
    async get(sid: string): Promise<Record<string, unknown> | undefined> {
      const row = await liveSession(sid);
      if (!row) return undefined;
      const user: SessionUserState | null = row.id
        ? { id: row.id, role: row.role!, isActive: row.is_active === true }
        : null;
      return { ...row.sess, [SESSION_USER_KEY]: user };
    },
    async set(
      sid: string,
      sess: Record<string, unknown>,
      maxAge: number | 'session' | undefined,
      options?: { changed?: boolean },
    ): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : DAY_MS;
      const now = Date.now();
      if (options && options.changed === false) {
        if (now - (touchedAt.get(sid) ?? -Infinity) < touchIntervalMs) return;
        if (touchedAt.size >= MAX_TRACKED_SESSIONS) touchedAt.clear();
        touchedAt.set(sid, now);
        // A rolling refresh only moves the expiry of a live session: a request that started before a logout
        // must not bring the destroyed session back.
        await touchSession(db, sid, new Date(now + ttl));
        return;
      }
      touchedAt.set(sid, now);
      await saveSession(db, sid, sess, new Date(Date.now() + ttl));
    },
    async destroy(sid: string): Promise<void> {
      touchedAt.delete(sid);
      await deleteSession(db, sid);
    },
  };
}

// The session queries live in the sessions module; these two are used beside the store.
export { destroyUserSessions, purgeExpiredSessions } from '../../warehouse/postgres/sessions';
