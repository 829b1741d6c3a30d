import { dayNumberOf, newYorkInstant } from '../../core/market/marketHours';
import type { Database } from '../../platform/database';
import type { PriceSeries } from '../queries/priceBuckets';
import { splitsOf } from './stockSplits';

/** Midnight in New York of a YYYY-MM-DD date: a split or a symbol change takes effect from that day's trading. */
const dayStart = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return newYorkInstant(dayNumberOf(y!, m!, d!), 0).getTime();
};

/**
 * What joins a ticker's price line across its history (see PriceSeries): the former symbols whose successor it is (a
 * rename without a date joins all of the old symbol's ticks) and the splits recorded for it or them.
 */
export async function priceSeriesOf(db: Database, ticker: string): Promise<PriceSeries> {
  const formers = await db('former_symbols')
    .where({ successor: ticker })
    .select<Array<{ symbol: string; changed_on: string | null }>>(
      'symbol',
      db.raw(`to_char(changed_on, 'YYYY-MM-DD') AS changed_on`),
    );
  const splits = await splitsOf(db, [ticker, ...formers.map((f) => f.symbol)]);
  return {
    ticker,
    formerSymbols: formers.map((f) => ({
      symbol: f.symbol,
      untilMs: f.changed_on ? dayStart(f.changed_on) : Number.MAX_SAFE_INTEGER,
    })),
    splits: splits.map((s) => ({ atMs: dayStart(s.executedOn), ratio: s.splitFrom / s.splitTo })),
  };
}
