import type { Knex } from 'knex';
import type { Warehouse } from '../../warehouse/client';

export interface StoreProbe {
  postgresMs: number;
  clickhouseMs: number;
  checkedAt: string;
}

/** Proves a worker can reach both stores: one round trip each, timed. */
export function createProbeActivities(deps: { db: Knex; warehouse: Warehouse }) {
  return {
    async probeStores(): Promise<StoreProbe> {
      const t0 = performance.now();
      await deps.db.raw('SELECT 1');
      const t1 = performance.now();
      await deps.warehouse.query({ query: 'SELECT 1', format: 'JSONEachRow' }).then((r) => r.json());
      const t2 = performance.now();
      return { postgresMs: Math.round(t1 - t0), clickhouseMs: Math.round(t2 - t1), checkedAt: new Date().toISOString() };
    },
  };
}
