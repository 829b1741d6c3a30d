import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions<V> {
  /** How long a loaded value is served. 0 or less turns caching off: every get loads. */
  ttlMs: number;
  /** Most keys kept; past it the least recently used is dropped. Default 1 (one cached value). */
  maxKeys?: number;
  /**
   * Once `ttlMs` is over, the old value is still served for this long while one background load replaces it, so no
   * caller waits for a reload except the first after a start or an invalidation. A failed background load leaves the
   * old value for the rest of this period (the next get tries again).
   */
  staleWhileRevalidateMs?: number;
  /** A value's own lifetime in ms (a token's stated expiry less a margin), in place of `ttlMs`. */
  ttlOf?: (value: V) => number;
  /** The clock, in ms (tests pass their own). */
  now?: () => number;
}

export interface TtlCache<K, V> {
  /**
   * The cached value of `key`, or `load()`'s. Concurrent gets of a key share one load, and a failed load is not kept
   * (every waiting caller gets its error; the next get loads again).
   */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** Drops one key, or all: the next get loads afresh, and a load already running is not stored (its callers still get it). */
  invalidate(key?: K): void;
}

/** Every cache of the product: lru-cache with a TTL, one load in flight per key, failures not cached. Keys and values are never null or undefined (lru-cache's rule). */
export function createTtlCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: TtlCacheOptions<V>,
): TtlCache<K, V> {
  const { ttlMs, ttlOf } = options;
  const staleMs = Math.max(0, options.staleWhileRevalidateMs ?? 0);
  const clock = options.now ?? Date.now;
  const lifetime = (value: V) => (ttlOf ? ttlOf(value) : ttlMs);
  const cache = new LRUCache<K, V, () => Promise<V>>({
    max: options.maxKeys ?? 1,
    ttl: Math.max(1, ttlMs + staleMs),
    // Read the clock on every check (lru-cache otherwise reuses a reading for 1 ms), so an injected clock rules.
    ttlResolution: 0,
    perf: { now: () => clock() },
    // A failed reload keeps the value it was to replace (served only within the stale period); a failed first load is dropped.
    noDeleteOnFetchRejection: true,
    // invalidate() aborts a running load: let it finish for the callers already waiting, unstored.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context: load, options: setOptions }) => {
      const value = await load();
      // lru-cache reads a ttl of 0 as "never expires": a value already due is kept for at most a millisecond.
      setOptions.ttl = Math.max(1, lifetime(value) + staleMs);
      return value;
    },
  });

  return {
    async get(key, load) {
      if (ttlMs <= 0 && !ttlOf) return await load();
      const remaining = cache.getRemainingTTL(key);
      // Past its time but within the stale period: serve the old value, and start (or join) its replacement.
      const serveStale = staleMs > 0 && remaining > 0 && remaining <= staleMs;
      const value = await cache.fetch(key, { context: load, forceRefresh: serveStale, allowStale: serveStale });
      if (value === undefined) throw new Error('The cache lost a loaded value');
      return value;
    },
    invalidate(key) {
      if (key === undefined) cache.clear();
      else cache.delete(key);
    },
  };
}

/** One cached value (a read shared by every caller), as a get/invalidate pair. */
export interface CachedValue<V> {
  get(): Promise<V>;
  /** The next get reads afresh (after a change this process made). */
  invalidate(): void;
}

/** The single-key form of createTtlCache, for a read without parameters. */
export function cachedValue<V extends NonNullable<unknown>>(
  read: () => Promise<V>,
  options: TtlCacheOptions<V>,
): CachedValue<V> {
  const cache = createTtlCache<'value', V>(options);
  return {
    get: () => cache.get('value', read),
    invalidate: () => cache.invalidate(),
  };
}
