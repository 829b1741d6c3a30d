import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import { requireAccess, type Access, type ApiKeyCaller, type SessionUser } from './access';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One documented response: its schema (JSON unless contentType says otherwise). */
export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
  /** An answer as the schema describes it (the public API's docs show it; a test parses it with the schema). */
  example?: unknown;
  /** The row of the CSV form of a list answer (`?format=csv` or `Accept: text/csv`): one column per field. */
  csvRow?: z.ZodObject;
}

/** The contract of a route, from the same zod schemas the table validates its input with; /api/openapi.json is generated from it. */
export interface RouteDoc<
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
> {
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * A body documented but not parsed by the table: the handler reads it raw, because it must verify a signature over
   * the exact bytes before trusting any field (the Stripe webhook).
   */
  signedBody?: z.ZodType;
  /** Success responses by status; the error responses (400/401/403/404/413/415/429/503) are added from the access and inputs. */
  responses: Record<number, ResponseDoc>;
  /** Error statuses this route can answer besides the ones derived (e.g. 404, 409, 429, 503). */
  errors?: number[];
  /** Example path and query values (the public API's docs build their curl examples from them). */
  examples?: { params?: Record<string, string>; query?: Record<string, string> };
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives, already validated: the parsed params, query and body, and the signed-in user its access guarantees. */
export interface RouteInput<A extends Access, P, Q, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  user: A extends 'public' ? SessionUser | undefined : A extends 'apiKey' ? undefined : SessionUser;
  /** The key's owner, on `apiKey` routes. */
  caller: A extends 'apiKey' ? ApiKeyCaller : undefined;
}

/** One /api route: its path, the access it declares, its handler (input validation included) and its contract. */
export interface RouteDefinition {
  method: Method;
  path: string;
  access: Access;
  handler: Middleware;
  doc: RouteDoc;
}

/**
 * Declares a route. The table parses params, query and body with the declared schemas once, after the access check,
 * and hands the handler the typed result; bad input is a ZodError, which the error middleware answers with 400 naming
 * the field. Handlers never parse their input again.
 */
export function route<
  A extends Access,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  method: Method,
  path: string,
  access: A,
  handler: (ctx: Context, input: RouteInput<A, P, Q, B>) => unknown,
  doc: RouteDoc<P, Q, B>,
): RouteDefinition {
  const validated: Middleware = async (ctx) => {
    const input = {
      params: doc.params?.parse(ctx.params),
      query: doc.query?.parse(ctx.query),
      body: doc.body?.parse(ctx.request.body ?? {}),
      user: access === 'apiKey' ? undefined : ctx.state.user,
      caller: ctx.state.apiCaller,
    } as RouteInput<A, P, Q, B>; // each field is the declared schema's output (or undefined when none is declared)
    await handler(ctx, input);
  };
  return { method, path, access, handler: validated, doc };
}

/**
 * What shared caches (proxies, CDNs) and the browser may keep. Answers of signed-in routes carry the user's own data,
 * so they are `private, no-store` (a handler may relax a read to `private, no-cache` to revalidate with an ETag), and
 * so is every answer to a state-changing call (sign-in and sign-up return the user, a setup intent its client secret).
 * Public reads (health, config, the OpenAPI document) are left to the defaults.
 */
export function cacheControlOf(method: Method, access: Access): string | undefined {
  return access !== 'public' || method !== 'GET' ? 'private, no-store' : undefined;
}

/**
 * Mounts routes with their access check first; a route cannot exist without a declared access. `apiKeyAccess` checks
 * the API key of `apiKey` routes (and counts the call against its limits).
 */
export function buildRouter(routes: RouteDefinition[], apiKeyAccess?: Middleware): Router {
  // Case-sensitive: each route answers to one spelling only, so no other spelling of a path (/API/LOGOUT) reaches a
  // handler past a check that compared the path as written.
  const router = new Router({ sensitive: true });
  for (const r of routes) {
    const cacheControl = cacheControlOf(r.method, r.access);
    // Set before the access check, so a 401 or 403 is not cached either.
    const noSharedCache: Middleware = async (ctx, next) => {
      if (cacheControl) ctx.set('Cache-Control', cacheControl);
      await next();
    };
    router.register(r.path, [r.method], [noSharedCache, requireAccess(r.access, apiKeyAccess), r.handler]);
  }
  return router;
}
