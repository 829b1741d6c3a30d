import type { Middleware } from 'koa';
import { HttpError } from './httpError';

/**
 * A request body must be JSON: anything else is refused with 415 before any handler reads it. Every path is checked
 * (the product takes no other kind of body anywhere), so no spelling of an /api path gets around it.
 */
export const requireJsonBody: Middleware = async (ctx, next) => {
  // `is()` is null without a body and false for a body of another type; "Content-Length: 0" is no body either.
  if (ctx.request.length !== 0 && ctx.request.is('json', 'application/*+json') === false) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  await next();
};
