import type { Middleware } from 'koa';
import { HttpError } from './httpError';

/** The body encodings the JSON parser inflates (zstd is not among them: Node 20's zlib has no zstd). */
const READABLE_ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);

/**
 * A request body must be JSON, in an encoding the parser reads: anything else is refused with 415 before any handler
 * reads it, the message naming the encoding. Every path is checked (the product takes no other kind of body anywhere),
 * so no spelling of an /api path gets around it.
 */
export const requireJsonBody: Middleware = async (ctx, next) => {
  const hasBody = ctx.request.length !== 0 && Boolean(ctx.get('Content-Length') || ctx.get('Transfer-Encoding'));
  const encodings = (hasBody ? ctx.get('Content-Encoding') : '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  // The parser inflates one encoding; a stack of them (gzip, br) is as unreadable as an unknown one.
  const unreadable =
    encodings.find((e) => !READABLE_ENCODINGS.has(e)) ?? (encodings.length > 1 ? encodings.join(', ') : undefined);
  if (unreadable) {
    // Quoted as JSON, so whatever the header held reaches the message as inert text.
    throw new HttpError(
      415,
      `Content-Encoding ${JSON.stringify(unreadable.slice(0, 40))} is not supported: send the body uncompressed, or as gzip, deflate or br`,
    );
  }
  // `is()` is null without a body and false for a body of another type; "Content-Length: 0" is no body either.
  if (ctx.request.length !== 0 && ctx.request.is('json', 'application/*+json') === false) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  await next();
};
