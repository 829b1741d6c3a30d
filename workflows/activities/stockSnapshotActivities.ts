import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { refreshStockSnapshot } from '../../domain/stocks/stockSnapshot';

/** The scan's snapshot step: an adapter over domain/stocks/stockSnapshot.ts. */
export function createStockSnapshotActivities(deps: { db: Database; warehouse: Warehouse; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());
  return {
    refreshStockSnapshot: () => refreshStockSnapshot(deps, clock),
  };
}
