import type { Database } from '../../platform/database';
import { pauseForEventLoop } from '../../platform/eventLoopSlices';
import { ConnectorError } from '../../platform/http/connectorError';
import type { Warehouse } from '../../warehouse/client';
import { insertPriceTicks, type PriceTick } from '../../warehouse/queries/insertPriceTicks';
import { clearStockPrices, stockPrices, updateStockPrices } from '../../warehouse/postgres/stocks';
import { historyQueue, setHistoryCoverage } from '../../warehouse/postgres/priceHistoryCoverage';
import { recordPriceRefresh } from '../../warehouse/postgres/priceRefreshes';
import { markSplitDayChecked, uncheckedSplitDays, upsertStockSplits } from '../../warehouse/postgres/stockSplits';
import { DAY_MS, MINUTE_MS } from '../../core/timeWindows';
import { PRICE_BACKFILL_DAYS } from './backfillInstants';
import { clampChangePercent, clampPrice, historyTradingDays, movedQuotes } from './priceValues';
import { PriceRequestBudgetExhausted, type PriceProvider, type Quote } from './types';

export interface RefreshPricesResult {
  /** Stocks whose price and change were written to Postgres. */
  updatedCount: number;
  /** Price ticks written to ClickHouse (only prices that moved, so a closed market writes none), history included. */
  ticks: number;
  simulated: boolean;
  /** The provider's name, stored as the ticks' source. */
  source: string;
  /** Stocks the source priced. */
  priced: number;
  /** Tickers whose history was filled up to now in this run. */
  historyFilled: number;
  /** Tickers whose history is still to fill (the request budget ran out; the next refresh carries on). */
  historyPending: number;
}

/** A gap in a ticker's history shorter than one 5-minute bar is not asked for: the live quotes cover it. */
export const HISTORY_GAP_MS = 5 * MINUTE_MS;
/** Price ticks held in memory before they are written (a fresh simulated install backfills millions). */
const FLUSH_TICKS = 50_000;
/**
 * How long one refresh may spend filling history before it leaves the rest to the next: well inside the activity's
 * 3-minute timeout, so an unpaced paid plan with thousands of tickers to backfill progresses run by run.
 */
export const HISTORY_TIME_BUDGET_MS = 90_000;

/** A spent request budget, or a rate limit longer than the client waits: the next refresh carries on from here. */
const isWaitable = (err: unknown): err is Error =>
  err instanceof PriceRequestBudgetExhausted || (err instanceof ConnectorError && err.retryable);

/**
 * The price refresh (the refreshPrices workflow, every minute and on demand). A source's refusal is thrown as it came
 * (a ConnectorError says whether retrying can help); the caller decides how to retry.
 */
export function createPriceRefresh(deps: {
  db: Database;
  warehouse: Warehouse;
  prices: PriceProvider;
  now?: () => Date;
  historyTimeBudgetMs?: number;
}) {
  const clock = deps.now ?? (() => new Date());
  const historyBudgetMs = deps.historyTimeBudgetMs ?? HISTORY_TIME_BUDGET_MS;
  const source = deps.prices.name;

  /**
   * Fills each stock's history from where it is complete (its coverage) to now: the last PRICE_BACKFILL_DAYS on a fresh
   * install or for a newly mentioned stock, and the gap an outage or a stopped product left. Starred and trending stocks
   * first, then the longest-waiting; at most HISTORY_TIME_BUDGET_MS a run. Ticks are written before the coverage moves, so a crash only repeats work (ticks
   * are keyed by ticker, time and source: a repeat replaces them). A spent request budget, or a rate limit longer than
   * the client waits, ends the filling for this run; the next refresh carries on from the coverage.
   */
  async function fillHistory(
    now: Date,
  ): Promise<{ ticks: number; filled: number; pending: number; note: string | null }> {
    const horizon = new Date(now.getTime() - PRICE_BACKFILL_DAYS * DAY_MS);
    const queue = await historyQueue(deps.db, source);
    const started = performance.now();
    let buffer: PriceTick[] = [];
    let done: string[] = [];
    let ticks = 0;
    let filled = 0;
    const flush = async () => {
      await insertPriceTicks(deps.warehouse, buffer);
      await setHistoryCoverage(deps.db, source, done, now);
      ticks += buffer.length;
      buffer = [];
      done = [];
    };
    // Simulated prices compute each history in this thread: in slices, so the API answers meanwhile.
    for (const [i, { ticker, coveredUntil }] of queue.entries()) {
      await pauseForEventLoop();
      const from = coveredUntil && coveredUntil > horizon ? coveredUntil : horizon;
      if (now.getTime() - from.getTime() >= HISTORY_GAP_MS) {
        if (filled > 0 && performance.now() - started > historyBudgetMs) {
          await flush();
          return {
            ticks,
            filled,
            pending: queue.length - i,
            note: `history filling paused after ${Math.round(historyBudgetMs / 1000)} s; the next refresh carries on`,
          };
        }
        let bars;
        try {
          bars = await deps.prices.history(ticker, from, now);
        } catch (err) {
          await flush();
          if (isWaitable(err)) return { ticks, filled, pending: queue.length - i, note: err.message };
          throw err;
        }
        for (const bar of bars)
          buffer.push({
            ticker,
            ts: bar.at,
            price: bar.price,
            changePercent: clampChangePercent(bar.changePercent),
            source,
          });
        filled++;
      }
      done.push(ticker);
      if (buffer.length >= FLUSH_TICKS) await flush();
    }
    await flush();
    return { ticks, filled, pending: 0, note: null };
  }

  /**
   * Asks the source, once per New York trading day of the history window (today included), for the splits that take
   * effect that day, and stores them: history is stored as traded and adjusted when read. A spent budget or a long rate
   * limit leaves the remaining days to the next refresh.
   */
  async function checkSplits(now: Date): Promise<string | null> {
    for (const day of await uncheckedSplitDays(deps.db, source, historyTradingDays(now))) {
      try {
        await upsertStockSplits(deps.db, source, await deps.prices.splits(day));
      } catch (err) {
        if (isWaitable(err)) return err.message;
        throw err;
      }
      await markSplitDayChecked(deps.db, source, day);
    }
    return null;
  }

  return {
    /**
     * Quotes every stock in the Postgres snapshot, writes the moved prices as ticks to ClickHouse and all of them to
     * Postgres, fills the stocks' history, stores the splits of the history window, and records the run for the admin. The simulated source quotes only symbols
     * with a reference price: any price a stock it leaves out still has was invented, so it is removed.
     */
    async refresh(): Promise<RefreshPricesResult> {
      const stocks = await stockPrices(deps.db);
      const simulated = deps.prices.simulated;
      const quotes: Quote[] = stocks.length === 0 ? [] : await deps.prices.quotes(stocks.map((s) => s.ticker));
      const now = clock();
      const previous = new Map(stocks.map((s) => [s.ticker, s.price === null ? null : Number(s.price)]));
      const moved = movedQuotes(previous, quotes);
      await insertPriceTicks(
        deps.warehouse,
        moved.map((q) => ({
          ticker: q.ticker,
          ts: now,
          price: q.price,
          changePercent: clampChangePercent(q.changePercent),
          source,
        })),
      );
      const values = quotes.map((q) => ({
        ticker: q.ticker,
        price: clampPrice(q.price),
        change_percent: clampChangePercent(q.changePercent),
      }));
      const updatedCount = await updateStockPrices(deps.db, now, values);
      if (simulated) {
        const quoted = new Set(quotes.map((q) => q.ticker));
        await clearStockPrices(
          deps.db,
          now,
          stocks.filter((s) => !quoted.has(s.ticker)).map((s) => s.ticker),
        );
      }
      const history = await fillHistory(now);
      const splitsNote = await checkSplits(now);
      const result = {
        updatedCount,
        ticks: moved.length + history.ticks,
        simulated,
        source,
        priced: quotes.length,
        historyFilled: history.filled,
        historyPending: history.pending,
      };
      await recordPriceRefresh(deps.db, {
        at: now,
        source,
        simulated,
        tickers: stocks.length,
        priced: quotes.length,
        ticks: result.ticks,
        historyFilled: history.filled,
        historyPending: history.pending,
        note: history.note ?? splitsNote,
      });
      return result;
    },
  };
}
