import type { Knex } from 'knex';
import { refreshTickerUniverse } from '../../domain/universe/refreshUniverse';

/** The refreshTickerUniverse workflow's activity: an adapter over domain/universe/refreshUniverse.ts. */
export function createUniverseActivities(deps: { db: Knex; listingsUrl?: string; fetch?: typeof fetch }) {
  return {
    refreshTickerUniverse: () => refreshTickerUniverse(deps),
  };
}
