import type { Middleware } from 'koa';
import { forbidden, unauthorized } from './httpError';

/**
 * Who may call a route. Every /api route declares one (see routeTable.ts). `apiKey`: a script with a live API key of a
 * subscriber (Authorization: Bearer), never a session cookie.
 */
export type Access = 'public' | 'user' | 'admin' | 'apiKey';

/** What the session layer puts on ctx.state for a signed-in, active user. */
export interface SessionUser {
  id: string;
  role: 'user' | 'admin';
}

/** The owner of the API key a call was made with (set by the key check of `apiKey` routes). */
export interface ApiKeyCaller {
  keyId: number;
  userId: string;
}

/**
 * The access check of a route. `apiKey` routes are checked by `apiKeyAccess` (the key service's middleware); without
 * one they refuse every call.
 */
export function requireAccess(access: Access, apiKeyAccess?: Middleware): Middleware {
  if (access === 'apiKey') return apiKeyAccess ?? (() => Promise.reject(unauthorized('Unauthorized')));
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
    /** Set on `apiKey` routes only: whose key the call was made with. */
    apiCaller?: ApiKeyCaller;
  }
}
