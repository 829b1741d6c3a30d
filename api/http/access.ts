import type { Middleware } from 'koa';
import { forbidden, unauthorized } from './httpError';

/** Who may call a route. Every /api route declares one (see routeTable.ts). */
export type Access = 'public' | 'user' | 'admin';

/** What the session layer puts on ctx.state for a signed-in, active user. */
export interface SessionUser {
  id: string;
  role: 'user' | 'admin';
}

export function requireAccess(access: Access): Middleware {
  return async (ctx, next) => {
    if (access !== 'public') {
      const user = ctx.state.user;
      if (!user) throw unauthorized('Unauthorized');
      if (access === 'admin' && user.role !== 'admin') throw forbidden('Admin access required');
    }
    await next();
  };
}

declare module 'koa' {
  /** The session layer's one entry on ctx.state (see sessionMiddleware). */
  interface DefaultState {
    user?: SessionUser;
  }
}
