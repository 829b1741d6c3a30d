import type { Database } from '../../platform/database';
import { createTtlCache } from '../../platform/ttlCache';
import { apiKeyCaller, type ApiKeyCallerRow } from '../../warehouse/postgres/apiKeys';

/** How long a key's look-up (the key, whether revoked, its owner's state) is reused: the bound on how late a change made by another process acts. */
export const DEFAULT_API_KEY_CACHE_MS = 2000;

/** Keys looked up at once at most; past it the least recently used is dropped. */
const MAX_CACHED_KEYS = 10_000;

/**
 * The look-up of a key by its SHA-256, reused for `ttlMs`: a script's calls cost one Postgres statement per key every
 * `ttlMs` instead of one each. Unknown keys are reused too (a script retrying a wrong key costs no more). invalidate()
 * drops every look-up: a revocation in this process acts on the next call, one in another process (or a deactivation,
 * a subscription's end) within `ttlMs`.
 */
export function createApiKeyCallerCache(db: Database, options: { ttlMs?: number; now?: () => Date } = {}) {
  const clock = options.now ?? (() => new Date());
  const cache = createTtlCache<string, { row?: ApiKeyCallerRow }>({
    ttlMs: options.ttlMs ?? DEFAULT_API_KEY_CACHE_MS,
    maxKeys: MAX_CACHED_KEYS,
  });
  return {
    async get(hash: string): Promise<ApiKeyCallerRow | undefined> {
      return (await cache.get(hash, async () => ({ row: await apiKeyCaller(db, hash, clock()) }))).row;
    },
    invalidate(): void {
      cache.invalidate();
    },
  };
}
export type ApiKeyCallerCache = ReturnType<typeof createApiKeyCallerCache>;
