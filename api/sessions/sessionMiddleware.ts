import type Koa from 'koa';
import type { Middleware } from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import type { SessionUser } from '../http/access';
import { createPostgresSessionStore, SESSION_USER_KEY, type SessionUserState } from './postgresSessionStore';

export const SESSION_COOKIE = 'sp.sid';
/** Rolling: every request moves the expiry 14 days ahead. */
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Signed, httpOnly, SameSite=Lax session cookie holding only the session id; the data lives in Postgres. */
export function sessionMiddleware(app: Koa, db: Knex, options: { secret: string; secure: boolean }): Middleware {
  app.keys = [options.secret];
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
 * state comes with the session (one query, see the store's get); it is read here only for a session made in this request.
 */
export function sessionUserMiddleware(db: Knex): Middleware {
  return async (ctx, next) => {
    const userId = ctx.session?.userId as string | undefined;
    if (userId) {
      let user = ctx.session![SESSION_USER_KEY] as SessionUserState | null | undefined;
      if (user === undefined) {
        const row = await db('users').where({ id: userId }).first('id', 'role', 'is_active');
        user = row ? { id: row.id, role: row.role, isActive: row.is_active } : null;
      }
      if (user?.isActive && user.id === userId) {
        ctx.state.user = { id: user.id, role: user.role } satisfies SessionUser;
      } else {
        ctx.session = null;
      }
    }
    await next();
  };
}
