import { ApplicationFailure } from '@temporalio/common';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { insertPriceTicks, type PriceTick } from '../../warehouse/queries/insertPriceTicks';
import { stockPrices, updateStockPrices } from '../../warehouse/postgres/stocks';
import { latestPriceTick } from '../../warehouse/queries/latestPriceTick';
import { backfillInstants, PRICE_BACKFILL_DAYS } from '../../domain/prices/backfillInstants';
import { ConnectorError } from '../connectors/types';
import type { PriceProvider, Quote } from '../../domain/prices';
import { DAY_MS } from '../../core/timeWindows';

/** Postgres stocks.price is decimal(10,2) and change_percent decimal(5,2): values are rounded and clamped to fit. */
export const MAX_PRICE = 99_999_999.99;
export const MAX_CHANGE_PERCENT = 999.99;

const round2 = (n: number) => Math.round(n * 100) / 100;
export const clampPrice = (price: number) => Math.min(MAX_PRICE, Math.max(0, round2(price)));
export const clampChangePercent = (percent: number) => Math.min(MAX_CHANGE_PERCENT, Math.max(-MAX_CHANGE_PERCENT, round2(percent)));

export interface RefreshPricesResult {
  /** Stocks whose price and change were written to Postgres. */
  updatedCount: number;
  /** Price ticks written to ClickHouse (only prices that moved, so a closed market writes none), backfilled ones included. */
  ticks: number;
  simulated: boolean;
}

/** Tickers quoted per backfill batch: bounds the rows held in memory at once. */
const BACKFILL_BATCH = 500;

export function createPriceActivities(deps: { db: Database; warehouse: Warehouse; prices: PriceProvider; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());
  // Ticks are known to be stored up to here; after the first refresh of a worker, nothing is missing but the last minute.
  let storedUntil: Date | null = null;

  /**
   * A source that can say what a price was (the simulated walk) fills the history the dashboard's ranges show: the last
   * PRICE_BACKFILL_DAYS on a fresh install, and any gap the product was stopped for. Only moved prices are written.
   */
  async function backfill(tickers: string[], now: Date): Promise<number> {
    const quotesAt = deps.prices.quotesAt?.bind(deps.prices);
    if (!quotesAt) return 0;
    const horizon = new Date(now.getTime() - PRICE_BACKFILL_DAYS * DAY_MS);
    storedUntil ??= (await latestPriceTick(deps.warehouse, deps.prices.name, horizon)) ?? horizon;
    const instants = backfillInstants(storedUntil > horizon ? storedUntil : horizon, now);
    let written = 0;
    for (let i = 0; i < tickers.length && instants.length > 0; i += BACKFILL_BATCH) {
      const batch = tickers.slice(i, i + BACKFILL_BATCH);
      const ticks: PriceTick[] = [];
      quotesAt(batch, instants).forEach((row, t) => {
        let last: number | undefined;
        row.forEach((q, j) => {
          if (q.price === last) return;
          last = q.price;
          ticks.push({ ticker: batch[t]!, ts: instants[j]!, price: q.price, changePercent: clampChangePercent(q.changePercent), source: deps.prices.name });
        });
      });
      await insertPriceTicks(deps.warehouse, ticks);
      written += ticks.length;
    }
    return written;
  }

  return {
    /** Quotes every stock in the Postgres snapshot, writes the moved prices as ticks to ClickHouse and all of them to Postgres. */
    async refreshPrices(): Promise<RefreshPricesResult> {
      const stocks = await stockPrices(deps.db);
      const simulated = deps.prices.simulated;
      if (stocks.length === 0) return { updatedCount: 0, ticks: 0, simulated };
      let quotes: Quote[];
      try {
        quotes = await deps.prices.quotes(stocks.map((s) => s.ticker));
      } catch (err) {
        // A rejected key or a malformed payload cannot succeed on retry; a rate limit or an outage can.
        if (err instanceof ConnectorError && !err.retryable) throw ApplicationFailure.nonRetryable(err.message, 'PriceSourceRejected');
        throw err;
      }
      const now = clock();
      const backfilled = await backfill(stocks.map((s) => s.ticker), now);
      const previous = new Map(stocks.map((s) => [s.ticker, s.price === null ? null : Number(s.price)]));
      const moved = quotes.filter((q) => previous.get(q.ticker) !== clampPrice(q.price));
      await insertPriceTicks(
        deps.warehouse,
        moved.map((q) => ({ ticker: q.ticker, ts: now, price: q.price, changePercent: clampChangePercent(q.changePercent), source: deps.prices.name })),
      );
      const values = quotes.map((q) => ({ ticker: q.ticker, price: clampPrice(q.price), change_percent: clampChangePercent(q.changePercent) }));
      const updatedCount = await updateStockPrices(deps.db, now, values);
      storedUntil = now;
      return { updatedCount, ticks: backfilled + moved.length, simulated };
    },
  };
}
