import type { Knex } from 'knex';
import type { TickerExtractorDeps } from '../../core/signal/tickerExtractor';
import type { BareUse } from '../../core/tickers/symbolUsage';

/** What ingestion extracts against: the listed universe, the admin's ambiguity list and former symbols, from Postgres. */
export async function readTickerExtractorDeps(db: Knex): Promise<Required<TickerExtractorDeps>> {
  const [universe, ambiguous, formerSymbols] = await Promise.all([
    db('tickers').where({ listed: true }).select<Array<{ symbol: string; name: string; aliases: string[]; bare: BareUse }>>('symbol', 'name', 'aliases', 'bare'),
    db('ambiguous_symbols').pluck<string[]>('symbol'),
    db('former_symbols').select<Array<{ symbol: string; successor: string | null }>>('symbol', 'successor'),
  ]);
  return { universe, ambiguous, formerSymbols };
}
