import type { Database } from '../../platform/database';

/** Every Postgres read and write of stock_splits and price_split_days (migration 024). */

export interface StockSplit {
  ticker: string;
  /** The New York date the split takes effect (its ex-date), YYYY-MM-DD. */
  executedOn: string;
  splitFrom: number;
  splitTo: number;
}

/** Stores splits (idempotent: a split already known keeps its row, with the ratio updated). */
export async function upsertStockSplits(db: Database, source: string, splits: readonly StockSplit[]): Promise<void> {
  if (splits.length === 0) return;
  await db('stock_splits')
    .insert(
      splits.map((s) => ({
        ticker: s.ticker,
        executed_on: s.executedOn,
        split_from: s.splitFrom,
        split_to: s.splitTo,
        source,
      })),
    )
    .onConflict(['ticker', 'executed_on'])
    .merge(['split_from', 'split_to', 'source']);
}

/** The splits of these tickers, oldest first. */
export async function splitsOf(db: Database, tickers: readonly string[]): Promise<StockSplit[]> {
  if (tickers.length === 0) return [];
  const rows = await db('stock_splits')
    .whereIn('ticker', [...tickers])
    .orderBy('executed_on')
    .select<Array<{ ticker: string; executed_on: string; split_from: string; split_to: string }>>(
      'ticker',
      db.raw(`to_char(executed_on, 'YYYY-MM-DD') AS executed_on`),
      'split_from',
      'split_to',
    );
  return rows.map((r) => ({
    ticker: r.ticker,
    executedOn: r.executed_on,
    splitFrom: Number(r.split_from),
    splitTo: Number(r.split_to),
  }));
}

/** Of these New York days (YYYY-MM-DD), the ones whose splits the source has not been asked for yet. */
export async function uncheckedSplitDays(db: Database, source: string, days: readonly string[]): Promise<string[]> {
  if (days.length === 0) return [];
  const rows = await db('price_split_days')
    .where({ source })
    .whereIn('day', [...days])
    .select<Array<{ day: string }>>(db.raw(`to_char(day, 'YYYY-MM-DD') AS day`));
  const checked = new Set(rows.map((r) => r.day));
  return days.filter((d) => !checked.has(d));
}

/** Marks a day's splits as asked for. */
export async function markSplitDayChecked(db: Database, source: string, day: string): Promise<void> {
  await db('price_split_days').insert({ source, day }).onConflict(['source', 'day']).ignore();
}
