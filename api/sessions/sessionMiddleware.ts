import type Koa from 'koa';
import type { Middleware } from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import type { SessionUser } from '../http/access';
import { createCookieSigning } from './cookieSigning';
import { createPostgresSessionStore, SESSION_USER_KEY, type SessionUserState } from './postgresSessionStore';
import { DAY_MS } from '../../core/timeWindows';

export const SESSION_COOKIE = 'sp.sid';
/** Rolling: every request moves the expiry 14 days ahead. */
export const SESSION_MAX_AGE_MS = 14 * DAY_MS;

/** Signed, httpOnly, SameSite=Lax session cookie holding only the session id; the data lives in Postgres. */
export function sessionMiddleware(app: Koa, db: Knex, options: { secret: string; secure: boolean }): Middleware {
  app.keys = createCookieSigning([options.secret]);
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      signed: true,
      rolling: true,
      store: createPostgresSessionStore(db),
    },
    app,
  );
}

/**
 * Puts the signed-in, active user on ctx.state.user; a session whose user is gone or deactivated is ended. The user's
 * current state is read with the session itself (one query, see the store's get).
 */
export function sessionUserMiddleware(): Middleware {
  return async (ctx, next) => {
    const userId = ctx.session?.userId as string | undefined;
    if (userId) {
      const user = ctx.session![SESSION_USER_KEY] as SessionUserState | null | undefined;
      if (user?.isActive && user.id === userId) {
        ctx.state.user = { id: user.id, role: user.role } satisfies SessionUser;
      } else {
        ctx.session = null;
      }
    }
    await next();
  };
}
