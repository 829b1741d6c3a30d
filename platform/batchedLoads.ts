/**
 * Loads by key, batched: keys asked for together are read by one call of `loadMany`. A batch starts on setImmediate,
 * so the requests whose sockets were read in one turn of the event loop share it, and at most `maxInFlight` batches run
 * at once: keys asked for while they run wait for the next one, so batches grow with the load instead of the queries.
 * Nothing is kept: each key is read by a batch that started after it was asked for, so it is answered with the state
 * the store had after the call was made, as one read per call would.
 */
export function batchedLoads<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  options: { maxBatch?: number; maxInFlight?: number } = {},
): (key: K) => Promise<V | undefined> {
  const maxBatch = options.maxBatch ?? 500;
  const maxInFlight = options.maxInFlight ?? 1;
  type Waiter = { resolve: (value: V | undefined) => void; reject: (err: unknown) => void };
  const pending = new Map<K, Waiter[]>();
  let scheduled = false;
  let inFlight = 0;

  function dispatch(): void {
    scheduled = false;
    while (pending.size > 0 && inFlight < maxInFlight) {
      const keys = [...pending.keys()].slice(0, maxBatch);
      const batch = new Map(keys.map((key) => [key, pending.get(key)!]));
      for (const key of keys) pending.delete(key);
      inFlight++;
      loadMany(keys)
        .then(
          (values) => {
            for (const [key, waiters] of batch) for (const w of waiters) w.resolve(values.get(key));
          },
          (err: unknown) => {
            for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
          },
        )
        .finally(() => {
          inFlight--;
          dispatch();
        });
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(dispatch);
      }
    });
}
