import type Koa from 'koa';
import type { Middleware } from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import type { SessionUser } from '../http/access';
import { createPostgresSessionStore } from './postgresSessionStore';

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

/** Puts the signed-in, active user on ctx.state.user; a session whose user is gone or deactivated is ended. */
export function sessionUserMiddleware(db: Knex): Middleware {
  return async (ctx, next) => {
    const userId = ctx.session?.userId as string | undefined;
    if (userId) {
      const row = await db('users').where({ id: userId }).first('id', 'role', 'is_active');
      if (row?.is_active) {
        ctx.state.user = { id: row.id, role: row.role } satisfies SessionUser;
      } else {
        ctx.session = null;
      }
    }
    await next();
  };
}
