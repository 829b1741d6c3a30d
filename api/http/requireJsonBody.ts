import type { Middleware } from 'koa';
import { HttpError } from './httpError';

/** A request body on /api must be JSON: anything else is refused with 415 before any handler reads it. */
export const requireJsonBody: Middleware = async (ctx, next) => {
  // `is()` is null without a body and false for a body of another type; "Content-Length: 0" is no body either.
  if (ctx.path.startsWith('/api/') && ctx.request.length !== 0 && ctx.request.is('json', 'application/*+json') === false) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  await next();
};
