import { STATUS_CODES } from 'node:http';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import { ZodError } from 'zod';
import type { ProblemDetails } from '../../core/contracts/errors';
import { log } from '../../platform/logger';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './databaseUnavailable';
import { HttpError } from './httpError';
import { isPublicApiPath } from './publicApiPath';

/** The error body of every failed /api call. */
export interface ErrorBody {
  message: string;
  field?: string;
  errors?: Array<{ field: string; message: string }>;
}

const SECURE_COOKIE_OVER_HTTP = 'This site sets its session cookie over HTTPS only: connect through https://';

/** The versioned public API answers errors as RFC 9457 problem details; the dashboard's /api keeps `{message, field?}`. */
function problemDetails(ctx: Context, status: number, body: ErrorBody): ProblemDetails {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: body.message,
    instance: ctx.path,
    ...(body.field ? { field: body.field } : {}),
    ...(body.errors ? { errors: body.errors } : {}),
  };
}

/**
 * Maps every thrown error to JSON `{message, field?}` (problem details under /api/v1); unexpected errors are logged and
 * answered with a generic 500.
 */
export const errorMiddleware: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const { status, body } = toResponse(err);
    // Outages and deliberate 5xx answers (HttpError) are expected conditions; anything else is a bug.
    if (isDatabaseUnavailable(err))
      log.warn('database unavailable', { method: ctx.method, path: ctx.path, error: errorText(err) });
    else if (err instanceof HttpError && status >= 500)
      log.warn('request refused', { method: ctx.method, path: ctx.path, status, error: err.message });
    else if (status >= 500) log.error('request failed', { method: ctx.method, path: ctx.path, error: errorText(err) });
    if (err instanceof HttpError && err.headers) ctx.set(err.headers);
    ctx.status = status;
    if (isPublicApiPath(ctx.path)) {
      ctx.body = problemDetails(ctx, status, body);
      ctx.type = 'application/problem+json';
    } else {
      ctx.body = body;
    }
  }
};

function toResponse(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof HttpError)
    return { status: err.status, body: { message: err.message, ...(err.field ? { field: err.field } : {}) } };
  if (isDatabaseUnavailable(err)) return { status: 503, body: { message: DATABASE_UNAVAILABLE } };
  // Secure cookies on a plain-HTTP request: one that bypassed the HTTPS proxy start-up insists on (TRUST_PROXY).
  if (err instanceof Error && err.message === 'Cannot send secure cookie over unencrypted connection')
    return { status: 403, body: { message: SECURE_COOKIE_OVER_HTTP } };
  // Postgres data exceptions (class 22: out of range, malformed text, too long) are bad input the edge schemas missed.
  const sqlState = (err as { code?: unknown } | null)?.code;
  if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState))
    return { status: 400, body: { message: 'A value in the request is out of range or malformed' } };
  if (err instanceof ZodError) {
    const errors = err.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
    return { status: 400, body: { message: errors[0]!.message, field: errors[0]!.field, errors } };
  }
  // Errors from Koa's body parser and http-errors carry `status` and `expose`.
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
  const status = e.status ?? e.statusCode;
  if (status && status >= 400 && status < 500) {
    const message =
      err instanceof SyntaxError || e.type === 'entity.parse.failed'
        ? 'Malformed JSON body'
        : e.type === 'entity.too.large'
          ? 'Request body is too large'
          : e.expose && e.message
            ? e.message
            : 'Bad request';
    return { status, body: { message } };
  }
  return { status: 500, body: { message: 'Internal server error' } };
}

/** Codes of a client that went away before its response was written: a closed tab, a cancelled download. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'ECONNABORTED', 'EPIPE']);

/**
 * Koa's 'error' event: what fails once the response has started (a streamed body: the dashboard's files, a CSV
 * export), which errorMiddleware never sees. A client that closed the connection is not a failure; anything else is
 * one log line like the middleware's, instead of Koa's default stack trace on stderr.
 */
export function reportResponseErrors(app: Koa): void {
  // Koa emits a failed stream's error twice (from the pipe and from the response's end): it is logged once.
  const reported = new WeakSet<object>();
  app.on('error', (err: unknown, ctx?: Context) => {
    const e = err as { code?: unknown; status?: number; expose?: boolean } | null;
    if ((typeof e?.code === 'string' && CLIENT_GONE.has(e.code)) || e?.status === 404 || e?.expose) return;
    if (e !== null && typeof e === 'object') {
      if (reported.has(e)) return;
      reported.add(e);
    }
    log.error('response failed', { method: ctx?.method, path: ctx?.path, error: errorText(err) });
  });
}

function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
