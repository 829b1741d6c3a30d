import type { TickerExtractorDeps } from '../signal/tickerExtractor';
import type { Database } from '../../platform/database';
import { ambiguousSymbols, formerSymbolSuccessors, listedTickers } from '../../warehouse/postgres/tickers';

/** What ingestion extracts against: the listed universe, the admin's ambiguity list and former symbols, from Postgres. */
export async function readTickerExtractorDeps(db: Database): Promise<Required<TickerExtractorDeps>> {
  const [universe, ambiguous, formerSymbols] = await Promise.all([
    listedTickers(db),
    ambiguousSymbols(db),
    formerSymbolSuccessors(db),
  ]);
  return { universe, ambiguous, formerSymbols };
}
