import type { Knex } from 'knex';
import type { Warehouse } from '../../warehouse/client';
import { createProbeActivities } from './probeStores';

export interface ActivityDeps {
  db: Knex;
  warehouse: Warehouse;
}

/** Every activity the worker registers, built from the clients it is given (tests pass real or fake ones). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createProbeActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
