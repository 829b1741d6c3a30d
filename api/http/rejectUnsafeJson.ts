import type { Middleware } from 'koa';
import { badRequest } from './httpError';

/** No request the product takes nests deeper than a few levels; 64 leaves room and keeps every later walk shallow. */
export const MAX_JSON_DEPTH = 64;

/**
 * Refuses, with a 400, what no store or schema should see: a U+0000 in a JSON body or query (Postgres text cannot hold
 * it; the 400 names the field) and a body nested deeper than MAX_JSON_DEPTH. The walk keeps its own stack, so a
 * 4,000-deep array (100 kB allows ~50,000 levels) is a clear 400, not a stack overflow.
 */
export const rejectUnsafeJson: Middleware = async (ctx, next) => {
  const found = inspect(ctx.request.body) ?? inspect(ctx.query);
  if (found === 'too deep') throw badRequest(`Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
  if (found !== null)
    throw badRequest(`${found.field || 'body'} must not contain NUL characters`, found.field || 'body');
  await next();
};

type Finding = 'too deep' | { field: string };

function inspect(root: unknown): Finding | null {
  const stack: Array<{ value: unknown; key: string; path: string; depth: number }> = [
    { value: root, key: '', path: '', depth: 0 },
  ];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, key, path, depth } = item;
    if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) return { field: path };
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return 'too deep';
    // Pushed in reverse, so the first offending field in document order is the one named.
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [childKey, child] = entries[i]!;
      stack.push({ value: child, key: childKey, path: `${path}${path ? '.' : ''}${childKey}`, depth: depth + 1 });
    }
  }
  return null;
}
