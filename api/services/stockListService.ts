import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { platformMentionFields, stockListSchema, type Stock } from '../../core/contracts/stocks';
import { noMentions, summariseCounts } from '../../core/mentionCounts';
import type { Warehouse } from '../../warehouse/client';
import { mentionWindowCounts } from '../../warehouse/queries/mentionWindowCounts';
import { fromWarehouse } from './warehouseGuard';
import { MINUTE_MS, rangeMinutes, windowStart, type TimeRange } from '../../core/timeWindows';

const MAX_STOCK_LIST_CACHE_MS = 60_000;

/** A longer window changes more slowly relative to its length and costs more to count: 1 hour 5 s, 4 hours 20 s, a day or a week 60 s. */
export function cacheMsFor(range: TimeRange, baseMs: number): number {
  return Math.min(Math.max(baseMs, MAX_STOCK_LIST_CACHE_MS), (baseMs * rangeMinutes[range]) / 60);
}

interface StockRow {
  id: number;
  ticker: string;
  name: string;
  price: string | null;
  change_percent: string | null;
  last_updated: Date;
  created_at: Date;
  trend_score: number;
}

export interface SerializedStockList {
  stocks: Stock[];
  json: string;
  /** A strong ETag of `json`. */
  etag: string;
}

function serialize(stocks: Stock[]): SerializedStockList {
  const json = JSON.stringify(stocks);
  return { stocks, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * GET /api/stocks: every stock mentioned in the window or trending, with the window's mention counts and majority
 * sentiment (one ClickHouse query over the rollups) and its id, name, price and trend score (one Postgres query),
 * best trend first, then most mentioned. Each range's list is computed at most once per `cacheMs` per process (scaled
 * up for longer ranges, see cacheMsFor), however many users poll it; concurrent requests share one computation, and
 * an expired list is served while its successor is computed (see cached).
 */
export function createStockListService(deps: { db: Knex; warehouse: Warehouse; cacheMs: number; now?: () => Date }) {
  const { cacheMs } = deps;
  const clock = deps.now ?? (() => new Date());
  const cache = new Map<TimeRange, { expires: number; value: SerializedStockList }>();
  const inFlight = new Map<TimeRange, Promise<SerializedStockList>>();
  /** Bumped by invalidate(): a computation that started before it is not cached. */
  let generation = 0;

  const loadRows = (tickers: string[]) =>
    deps
      .db('stocks as s')
      .leftJoin('trending_stocks as t', 't.ticker', 's.ticker')
      .where((q) => q.whereIn('s.ticker', tickers).orWhereNotNull('t.ticker'))
      .select<StockRow[]>('s.id', 's.ticker', 's.name', 's.price', 's.change_percent', 's.last_updated', 's.created_at', deps.db.raw('coalesce(t.trend_score, 0) AS trend_score'));

  async function compute(range: TimeRange): Promise<SerializedStockList> {
    const start = windowStart(clock(), rangeMinutes[range]);
    // The window and the one of the same length before it (read as "since twice as far back", less the window).
    const [windowRows, doubleRows] = await fromWarehouse(() =>
      Promise.all([mentionWindowCounts(deps.warehouse, start), mentionWindowCounts(deps.warehouse, new Date(start.getTime() - rangeMinutes[range] * MINUTE_MS))]),
    );
    const counts = summariseCounts(windowRows);
    const doubleTotals = new Map(summariseCounts(doubleRows).map((c) => [c.ticker, c.total]));
    const tickers = counts.map((c) => c.ticker);
    let rows = await loadRows(tickers);
    const known = new Set(rows.map((r) => r.ticker));
    const missing = tickers.filter((t) => !known.has(t));
    if (missing.length > 0) {
      // Mentioned before the stock snapshot listed them (it runs after each scan): add their rows once, then read again.
      const names = await deps.db('tickers').whereIn('symbol', missing).select<{ symbol: string; name: string }[]>('symbol', 'name');
      if (names.length > 0) {
        await deps.db('stocks').insert(names.map((n) => ({ ticker: n.symbol, name: n.name }))).onConflict('ticker').ignore();
        rows = await loadRows(tickers);
      }
    }
    const byTicker = new Map(counts.map((c) => [c.ticker, c]));
    const stocks = rows.map((row): Stock => {
      const c = byTicker.get(row.ticker) ?? noMentions(row.ticker);
      return {
        id: row.id,
        ticker: row.ticker,
        name: row.name,
        price: row.price,
        changePercent: row.change_percent,
        totalMentions: c.total,
        ...platformMentionFields(c.perPlatform),
        sentiment: c.sentiment,
        lastUpdated: new Date(row.last_updated).toISOString(),
        createdAt: new Date(row.created_at).toISOString(),
        trendScore: Number(row.trend_score),
        previousMentions: Math.max(0, (doubleTotals.get(row.ticker) ?? 0) - c.total),
        sentimentScore: c.netSentiment,
      };
    });
    stocks.sort((a, b) => b.trendScore - a.trendScore || b.totalMentions - a.totalMentions || a.ticker.localeCompare(b.ticker));
    return serialize(stockListSchema.parse(stocks));
  }

  /** Computes a range's list once however many ask meanwhile, and caches it unless invalidated meanwhile. */
  function refresh(range: TimeRange): Promise<SerializedStockList> {
    const running = inFlight.get(range);
    if (running) return running;
    const started = generation;
    const computation = compute(range)
      .then((value) => {
        if (started === generation) cache.set(range, { expires: Date.now() + cacheMsFor(range, cacheMs), value });
        return value;
      })
      .finally(() => {
        if (inFlight.get(range) === computation) inFlight.delete(range);
      });
    inFlight.set(range, computation);
    return computation;
  }

  /**
   * The cached list while fresh. Once expired it is still served, for up to one more cache period, while one request's
   * recomputation runs in the background: no poll waits for a recomputation except the first after a start or an
   * invalidation.
   */
  async function cached(range: TimeRange): Promise<SerializedStockList> {
    const hit = cache.get(range);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.value;
    if (hit && hit.expires + cacheMsFor(range, cacheMs) > now) {
      refresh(range).catch(() => undefined); // a failed recomputation is retried by the next request
      return hit.value;
    }
    return await refresh(range);
  }

  return {
    async list(range: TimeRange): Promise<Stock[]> {
      return (await cached(range)).stocks;
    },
    /** The list as the JSON the route sends, with its ETag: per request there is nothing left to compute. */
    async listJson(range: TimeRange): Promise<Pick<SerializedStockList, 'json' | 'etag'>> {
      return await cached(range);
    },
    /** Drops cached lists (after a price refresh or a trend detection, so the next poll shows them). */
    invalidate(): void {
      generation++;
      cache.clear();
      inFlight.clear();
    },
  };
}

export type StockListService = ReturnType<typeof createStockListService>;
