import type { Knex } from 'knex';
import type { Database } from '../../platform/database';

/** A row of `stocks`: one per ticker ever mentioned, with its last price and the majority sentiment of the last day. */
export interface StockRow {
  id: number;
  ticker: string;
  name: string;
  price: string | null;
  change_percent: string | null;
  sentiment: 'bullish' | 'bearish' | 'neutral';
  last_updated: Date;
  created_at: Date;
}

/**
 * Adds a `stocks` row for each ticker of the universe that has none yet, named as the universe names it. The scan
 * calls it for the tickers it wrote mentions of, so a stock exists before any read can count its mentions; tickers
 * outside the universe are skipped. Idempotent. Rows go in symbol order, so two scans adding the same new tickers at
 * once wait for each other rather than deadlock.
 */
export async function ensureStockRows(db: Database, tickers: readonly string[]): Promise<number> {
  if (tickers.length === 0) return 0;
  const result = await db.raw(
    `INSERT INTO stocks (ticker, name)
     SELECT symbol, name FROM tickers WHERE symbol = ANY(?::text[]) ORDER BY symbol
     ON CONFLICT (ticker) DO NOTHING`,
    [[...new Set(tickers)]],
  );
  return result.rowCount ?? 0;
}

/**
 * A listed stock with its current trend score (0 when it is not trending). Its times come as ISO 8601 strings (UTC,
 * milliseconds: what toISOString writes), formatted by Postgres: parsing thousands of timestamps into Dates and
 * formatting them back was most of the read's cost in Node.
 */
export type ListedStockRow = Pick<StockRow, 'id' | 'ticker' | 'name' | 'price' | 'change_percent'> & {
  last_updated: string;
  created_at: string;
  trend_score: number;
  trending: boolean;
};

const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The stocks among `tickers`, and every trending stock, with their trend score; every stock when `tickers` is omitted
 * (a read that needs no ticker list can run alongside the one that makes it).
 */
export function listedStocks(db: Database, tickers?: readonly string[]): Promise<ListedStockRow[]> {
  const query = db('stocks as s')
    .leftJoin('trending_stocks as t', 't.ticker', 's.ticker')
    .select<ListedStockRow[]>(
      's.id',
      's.ticker',
      's.name',
      's.price',
      's.change_percent',
      db.raw(`${isoUtc('s.last_updated')} AS last_updated`),
      db.raw(`${isoUtc('s.created_at')} AS created_at`),
      db.raw('coalesce(t.trend_score, 0) AS trend_score'),
      db.raw('t.ticker IS NOT NULL AS trending'),
    );
  if (tickers === undefined) return query;
  // One array parameter, not one bind per ticker: a list of thousands of stocks plans and binds as fast as a short one.
  return query.where((q) => q.whereRaw('s.ticker = ANY(?::text[])', [[...tickers]]).orWhereNotNull('t.ticker'));
}

/** Every stock's ticker and last stored price: what the price refresh quotes. */
export function stockPrices(db: Database): Promise<Array<Pick<StockRow, 'ticker' | 'price'>>> {
  return db('stocks').select<Array<Pick<StockRow, 'ticker' | 'price'>>>('ticker', 'price');
}

/** Whether the stock has a current price (false for a ticker without a stocks row, or one no source prices). */
export async function hasStockPrice(db: Database, ticker: string): Promise<boolean> {
  return (await db('stocks').where({ ticker }).whereNotNull('price').first('id')) !== undefined;
}

/** Every stock with what a digest says of it (price as stored text, so no rounding on the way). */
export function stockSummaries(
  db: Database,
): Promise<Array<Pick<StockRow, 'id' | 'ticker' | 'name' | 'sentiment' | 'price'>>> {
  return db('stocks').select<Array<Pick<StockRow, 'id' | 'ticker' | 'name' | 'sentiment' | 'price'>>>(
    'id',
    'ticker',
    'name',
    'sentiment',
    db.raw('price::text AS price'),
  );
}

/**
 * Locks the rows of these stocks (every stock when `tickers` is omitted) in id order, inside a transaction. Every
 * write of many stocks at once takes its rows this way first: a price refresh and the scans' sentiment snapshots run
 * at the same time, and without one order each could hold rows the other waits for (Postgres then aborts one of them
 * as a deadlock). In one order the later writer waits for the earlier one's commit.
 */
async function lockStockRows(trx: Knex.Transaction, tickers?: readonly string[]): Promise<void> {
  if (tickers === undefined) await trx.raw('SELECT id FROM stocks ORDER BY id FOR UPDATE');
  else await trx.raw('SELECT id FROM stocks WHERE ticker = ANY(?) ORDER BY id FOR UPDATE', [[...tickers]]);
}

/** Stores quoted prices on the stocks that exist; returns how many rows it updated. */
export async function updateStockPrices(
  db: Database,
  at: Date,
  quotes: ReadonlyArray<{ ticker: string; price: number; change_percent: number }>,
): Promise<number> {
  return await db.transaction(async (trx) => {
    await lockStockRows(
      trx,
      quotes.map((q) => q.ticker),
    );
    const result = await trx.raw(
      `UPDATE stocks AS s
          SET price = v.price, change_percent = v.change_percent, last_updated = ?
         FROM jsonb_to_recordset(?::jsonb) AS v(ticker text, price numeric, change_percent numeric)
        WHERE s.ticker = v.ticker`,
      [at, JSON.stringify(quotes)],
    );
    return result.rowCount ?? 0;
  });
}

/** Removes the price of these stocks (the source no longer prices them, so any stored price would be invented); returns how many had one. */
export async function clearStockPrices(db: Database, at: Date, tickers: readonly string[]): Promise<number> {
  if (tickers.length === 0) return 0;
  return await db.transaction(async (trx): Promise<number> => {
    await lockStockRows(trx, tickers);
    return await trx('stocks')
      .whereIn('ticker', [...tickers])
      .whereNotNull('price')
      .update({ price: null, change_percent: null, last_updated: at });
  });
}

/** Sets each stock's majority sentiment; stocks not in `labels` (no mentions in the window) become neutral. */
export async function updateStockSentiments(
  db: Database,
  at: Date,
  labels: ReadonlyArray<{ ticker: string; sentiment: StockRow['sentiment'] }>,
): Promise<void> {
  await db.transaction(async (trx) => {
    // Every row is written below (the labelled ones, then the rest to neutral), so every row is locked first.
    await lockStockRows(trx);
    await trx.raw(
      `UPDATE stocks AS s
          SET sentiment = v.sentiment, last_updated = ?
         FROM jsonb_to_recordset(?::jsonb) AS v(ticker text, sentiment text)
        WHERE s.ticker = v.ticker`,
      [at, JSON.stringify(labels)],
    );
    await trx('stocks')
      .whereNotIn(
        'ticker',
        labels.map((l) => l.ticker),
      )
      .update({ sentiment: 'neutral', last_updated: at });
  });
}

/** How many stocks exist. */
export async function countStocks(db: Database): Promise<number> {
  const [row] = await db('stocks').count<Array<{ count: number }>>('* as count');
  return Number(row?.count ?? 0);
}
