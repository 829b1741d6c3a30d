import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { pingPostgres } from '../../warehouse/postgres/ping';
import { pingWarehouse } from '../../warehouse/queries/ping';

export interface StoreProbe {
  postgresMs: number;
  clickhouseMs: number;
  checkedAt: string;
}

/** Proves a worker can reach both stores: one round trip each, timed. */
export function createProbeActivities(deps: { db: Database; warehouse: Warehouse }) {
  return {
    async probeStores(): Promise<StoreProbe> {
      const t0 = performance.now();
      await pingPostgres(deps.db);
      const t1 = performance.now();
      await pingWarehouse(deps.warehouse);
      const t2 = performance.now();
      return {
        postgresMs: Math.round(t1 - t0),
        clickhouseMs: Math.round(t2 - t1),
        checkedAt: new Date().toISOString(),
      };
    },
  };
}
