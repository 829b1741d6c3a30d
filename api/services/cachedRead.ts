/** A value read at most once per `ttlMs`; callers meanwhile share the read in flight. */
export interface CachedRead<T> {
  get(): Promise<T>;
  /** The next get reads afresh (after a change this process made). */
  invalidate(): void;
}

/** Wraps a read shared by every user (no per-user data): a failed read is not kept; a `ttlMs` of 0 reads every time. */
export function cachedRead<T>(read: () => Promise<T>, ttlMs: number): CachedRead<T> {
  let entry: { expires: number; value: Promise<T> } | undefined;
  return {
    get() {
      if (ttlMs <= 0) return read();
      if (entry && entry.expires > Date.now()) return entry.value;
      const current = { expires: Date.now() + ttlMs, value: read() };
      entry = current;
      current.value.catch(() => {
        if (entry === current) entry = undefined;
      });
      return current.value;
    },
    invalidate() {
      entry = undefined;
    },
  };
}
