import cors from '@koa/cors';
import type { Middleware } from 'koa';
import type { ApiKeyLimitsService } from './apiKeyLimits';
import type { ApiKeyService } from './apiKeyService';

/**
 * The access check of every `apiKey` route: the Authorization header's key must be live and its owner subscribed
 * (401/402/403 otherwise, see ApiKeyService.authenticate), then the call is counted against the key's allowance (429
 * past it). Every answer to a counted call carries the RateLimit headers, errors included. Cookies play no part.
 */
export function apiKeyAccess(keys: ApiKeyService, limits: ApiKeyLimitsService): Middleware {
  return async (ctx, next) => {
    const caller = await keys.authenticate(ctx.get('Authorization') || undefined);
    ctx.set(await limits.consume(caller.keyId));
    ctx.state.apiCaller = caller;
    await next();
  };
}

/**
 * CORS of the public API: any origin may GET it, since a call carries its key in a header and no cookie is ever read;
 * scripts may read the limit headers. Preflights (the Authorization header needs one) are answered here.
 */
export const publicApiCors: Middleware = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD'],
  allowHeaders: ['Authorization', 'Accept'],
  exposeHeaders: [
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'RateLimit-Policy',
    'Retry-After',
    'Link',
    'WWW-Authenticate',
  ],
  maxAge: 86_400,
});
