import type { Middleware } from 'koa';
import { badRequest } from './httpError';

/** Postgres text cannot hold U+0000, so a JSON body or query carrying it is refused with a 400 naming the field, before any store sees it. */
export const rejectNulCharacters: Middleware = async (ctx, next) => {
  const field = findNul(ctx.request.body, '') ?? findNul(ctx.query, '');
  if (field !== null) throw badRequest(`${field || 'body'} must not contain NUL characters`, field || 'body');
  await next();
};

function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}${path ? '.' : ''}${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyPath = `${path}${path ? '.' : ''}${key}`;
      if (key.includes('\u0000')) return keyPath;
      const found = findNul(item, keyPath);
      if (found !== null) return found;
    }
  }
  return null;
}
