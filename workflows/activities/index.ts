import type { Knex } from 'knex';
import type { Warehouse } from '../../warehouse/client';
import type { Connector, Platform } from '../connectors/types';
import { createPostAnalyzerCache } from './postAnalyzerCache';
import { createProbeActivities } from './probeStores';
import { createScanActivities } from './scanActivities';
import { createStockSnapshotActivities } from './stockSnapshotActivities';

export interface ActivityDeps {
  db: Knex;
  warehouse: Warehouse;
  connectors: Record<Platform, Connector>;
  maxPostsPerSource: number;
  /** The clock of time-window activities (tests pin it). */
  now?: () => Date;
}

/** Every activity the worker registers, built from the clients it is given (tests pass real or fake ones). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createProbeActivities(deps),
    ...createScanActivities({ ...deps, analyzers: createPostAnalyzerCache(deps.db) }),
    ...createStockSnapshotActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
