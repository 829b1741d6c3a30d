import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { requireAccess, type Access } from './access';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One documented response: its schema (JSON unless contentType says otherwise). */
export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
}

/** The contract of a route, from the same zod schemas its handler parses and returns; /api/openapi.json is generated from it. */
export interface RouteDoc {
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success responses by status; the error responses (400/401/403/404/413/415/429/503) are added from the access and inputs. */
  responses: Record<number, ResponseDoc>;
  /** Error statuses this route can answer besides the ones derived (e.g. 404, 409, 429, 503). */
  errors?: number[];
}

/** One /api route: its path, the access it declares, its handler and its contract. */
export interface RouteDefinition {
  method: Method;
  path: string;
  access: Access;
  handler: Middleware;
  doc: RouteDoc;
}

export const route = (method: Method, path: string, access: Access, handler: Middleware, doc: RouteDoc): RouteDefinition => ({ method, path, access, handler, doc });

/** Mounts routes with their access check first; a route cannot exist without a declared access. */
export function buildRouter(routes: RouteDefinition[]): Router {
  // Case-sensitive: each route answers to one spelling only, so no other spelling of a path (/API/LOGOUT) reaches a
  // handler past a check that compared the path as written.
  const router = new Router({ sensitive: true });
  for (const r of routes) {
    router.register(r.path, [r.method], [requireAccess(r.access), r.handler]);
  }
  return router;
}
