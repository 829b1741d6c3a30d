import type { Knex } from 'knex';
import type { Listing } from '../../core/tickers/listings';
import { parseUniverseCsv } from '../../core/tickers/parseUniverse';
import { readTickerFile } from '../signal/tickerData';
import { applyUniverse, universeRows, type UniverseChanges, type UniverseSource } from './applyUniverse';
import { DEFAULT_LISTINGS_URL, fetchListings } from './symbolDirectory';

/** At most this many symbols of each kind in a run's result (the full record is in ticker_universe_changes). */
export const LISTED_IN_RESULT = 50;

export interface RefreshTickerUniverseResult {
  source: UniverseSource;
  /** Why the live listings were not used, when the committed table stood in. */
  fallbackReason?: string;
  listed: number;
  added: number;
  delisted: number;
  renamed: Array<{ from: string; to: string }>;
  /** The first symbols added and delisted. */
  addedSymbols: string[];
  delistedSymbols: string[];
}

/** Why the directory could not be used, with the underlying cause (a network error's code) when there is one. */
export function fallbackReasonOf(err: unknown): string {
  return err instanceof Error
    ? `${err.message}${err.cause instanceof Error ? `: ${err.cause.message}` : ''}`
    : String(err);
}

/** A run's result: the counts, and the first LISTED_IN_RESULT symbols added and delisted. */
export function universeRunSummary(
  source: UniverseSource,
  fallbackReason: string | undefined,
  changes: UniverseChanges,
): RefreshTickerUniverseResult {
  return {
    source,
    ...(fallbackReason === undefined ? {} : { fallbackReason }),
    listed: changes.listed,
    added: changes.added.length,
    delisted: changes.delisted.length,
    renamed: changes.renamed,
    addedSymbols: changes.added.slice(0, LISTED_IN_RESULT),
    delistedSymbols: changes.delisted.slice(0, LISTED_IN_RESULT),
  };
}

/**
 * Reloads the listed universe from NASDAQ Trader's symbol directory, or from the committed table (core/tickers/
 * universe.csv) when the directory cannot be reached or read, and records what changed.
 */
export async function refreshTickerUniverse(deps: {
  db: Knex;
  listingsUrl?: string;
  fetch?: typeof fetch;
}): Promise<RefreshTickerUniverseResult> {
  const committed = readTickerFile('universe.csv', parseUniverseCsv);
  let listings: Listing[] = committed;
  let source: UniverseSource = 'nasdaqtrader';
  let fallbackReason: string | undefined;
  try {
    listings = await fetchListings(deps.listingsUrl ?? DEFAULT_LISTINGS_URL, { fetch: deps.fetch });
  } catch (err) {
    source = 'committed';
    fallbackReason = fallbackReasonOf(err);
  }
  const changes = await applyUniverse(deps.db, universeRows(listings, committed), source);
  return universeRunSummary(source, fallbackReason, changes);
}
