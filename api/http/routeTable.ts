import Router from '@koa/router';
import type { Middleware } from 'koa';
import { requireAccess, type Access } from './access';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One /api route: its path, the access it declares and its handler. */
export interface RouteDefinition {
  method: Method;
  path: string;
  access: Access;
  handler: Middleware;
}

export const route = (method: Method, path: string, access: Access, handler: Middleware): RouteDefinition => ({ method, path, access, handler });

/** Mounts routes with their access check first; a route cannot exist without a declared access. */
export function buildRouter(routes: RouteDefinition[]): Router {
  const router = new Router();
  for (const r of routes) {
    router.register(r.path, [r.method], [requireAccess(r.access), r.handler]);
  }
  return router;
}
