import { Readable } from 'node:stream';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { errorBodySchema, problemDetailsSchema } from '../../core/contracts/errors';
import { csvColumns } from '../../core/contracts/publicApi';
import { isPublicApiPath } from '../../api/http/publicApiPath';
import type { RouteDefinition } from '../../api/http/routeTable';

/**
 * Why a route's answer breaks the contract it declares, or null when it keeps it: a body the schema declared for its
 * status rejects, a CSV answer whose header is not its row's columns, a success status it does not document, or an
 * undocumented error whose body is not `{message, field?, errors?}` (problem details under /api/v1).
 */
export function contractBreach(route: RouteDefinition, status: number, body: unknown, type: string): string | null {
  if (body instanceof Readable || Buffer.isBuffer(body)) return null; // files and streams: no JSON schema to hold them to
  const declared = route.doc.responses[status];
  if (type === 'text/csv') {
    if (!declared?.csvRow) return 'a CSV answer from a route that declares none';
    const header = typeof body === 'string' ? body.split('\n', 1)[0] : '';
    return header === csvColumns(declared.csvRow).join(',')
      ? null
      : `CSV header ${header} is not ${csvColumns(declared.csvRow).join(',')}`;
  }
  const value = typeof body === 'string' && type === 'application/json' ? JSON.parse(body) : body;
  if (declared) return declared.schema ? breachOf(declared.schema, value) : null;
  if (status >= 400) return breachOf(isPublicApiPath(route.path) ? problemDetailsSchema : errorBodySchema, value);
  return `status ${status} is not among the documented ${Object.keys(route.doc.responses).join(', ')}`;
}

function breachOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success
    ? null
    : result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
}

/**
 * Test middleware, mounted outermost: every answer of a matched route is checked against the route's declared response
 * schema, and an answer that drifted from its contract is turned into a 500 that says how, so the test that made the
 * call fails there.
 */
export function enforceResponseContracts(routes: readonly RouteDefinition[]): Middleware {
  const byRoute = new Map(routes.map((r) => [`${r.method} ${r.path}`, r]));
  return async (ctx, next) => {
    await next();
    const route = typeof ctx._matchedRoute === 'string' ? byRoute.get(`${ctx.method} ${ctx._matchedRoute}`) : undefined;
    if (!route) return;
    const breach = contractBreach(route, ctx.status, ctx.body, ctx.response.type);
    if (breach) {
      ctx.status = 500;
      ctx.body = { message: `${route.method} ${route.path} answered outside its contract: ${breach}` };
    }
  };
}
