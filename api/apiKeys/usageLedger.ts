import type { Database } from '../../platform/database';
import { addApiKeyUsage, type ApiKeyUsageDelta } from '../../warehouse/postgres/apiKeys';

/**
 * The requests each key was served per UTC day, counted in memory and added to `api_key_usage` in one statement per
 * flush. Counts that fail to write stay counted and go with the next flush.
 */
export function createUsageLedger(db: Database) {
  const pending = new Map<string, ApiKeyUsageDelta>();
  let writing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    if (pending.size === 0) return;
    const deltas = [...pending.values()];
    pending.clear();
    try {
      await addApiKeyUsage(db, deltas);
    } catch (err) {
      for (const d of deltas) {
        const later = pending.get(`${d.keyId}|${d.day}`);
        pending.set(`${d.keyId}|${d.day}`, {
          ...d,
          requests: d.requests + (later?.requests ?? 0),
          lastUsedAt: later?.lastUsedAt ?? d.lastUsedAt,
        });
      }
      throw err;
    }
  }

  return {
    /** One request served with the key on `day` (YYYY-MM-DD). */
    record(keyId: number, day: string, at: Date): void {
      const id = `${keyId}|${day}`;
      const delta = pending.get(id);
      if (delta) {
        delta.requests++;
        delta.lastUsedAt = at;
      } else pending.set(id, { keyId, day, requests: 1, lastUsedAt: at });
    },
    /** Writes every count recorded so far; flushes run one after another, so a reader that awaits one sees its counts. */
    flush(): Promise<void> {
      writing = writing.catch(() => undefined).then(write);
      return writing;
    },
  };
}
export type UsageLedger = ReturnType<typeof createUsageLedger>;
