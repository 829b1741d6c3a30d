/**
 * Loads by key, batched: every key asked for in one turn of the event loop is read by one call of `loadMany`, which
 * starts after all of them were asked (on setImmediate, so the requests whose sockets were read in that turn share it).
 * Nothing is kept: each key is read afresh by the batch that follows its request, so a batch answers with the state the
 * store had after the call was made, as one read per call would.
 */
export function batchedLoads<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  options: { maxBatch?: number } = {},
): (key: K) => Promise<V | undefined> {
  const maxBatch = options.maxBatch ?? 500;
  let pending = new Map<K, Array<{ resolve: (value: V | undefined) => void; reject: (err: unknown) => void }>>();

  function dispatch(): void {
    const batch = pending;
    if (batch.size === 0) return; // already sent as a full batch
    pending = new Map();
    loadMany([...batch.keys()]).then(
      (values) => {
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(values.get(key));
      },
      (err: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      },
    );
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (pending.size === 0) setImmediate(dispatch);
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      // A full batch goes now; the scheduled dispatch then sends whatever came after it.
      if (pending.size >= maxBatch) dispatch();
    });
}
