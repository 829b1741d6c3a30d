import type { Middleware } from 'koa';
import bodyParser from 'koa-bodyparser';
import { badRequest } from './httpError';

/** zlib's codes for input that is not (or not all of) a gzip, deflate or brotli stream (brotli's are ERR__ERROR_*). */
const isMalformedStream = (code: string) =>
  code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code.startsWith('ERR__ERROR_');

/**
 * Parses JSON bodies (100 kB at most, objects and arrays only). A compressed body that does not inflate (truncated,
 * or not compressed at all) is the sender's error: 400, not the 500 an unmapped zlib error would give.
 */
export function jsonBodyParser(): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: '100kb', strict: true });
  return async (ctx, next) => {
    try {
      // Parsed with a no-op next, so only the parser's own errors are mapped here, never a handler's.
      await parse(ctx, async () => {});
    } catch (err) {
      if (isMalformedStream(String((err as { code?: unknown }).code ?? '')))
        throw badRequest('Malformed compressed body');
      throw err;
    }
    await next();
  };
}
