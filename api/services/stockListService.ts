import { createHash } from 'node:crypto';
import { rangeMinutes, stockListSchema, type Stock, type TimeRange } from '../../core/contracts/stocks';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { listedStocks } from '../../warehouse/postgres/stocks';
import { mentionWindowCounts } from '../../warehouse/queries/mentionWindowCounts';
import { summariseCounts, type StockCounts } from '../../workflows/activities/stockSnapshotActivities';
import { fromWarehouse } from './warehouseGuard';

const MINUTE_MS = 60_000;
const MAX_STOCK_LIST_CACHE_MS = 60_000;

/** A longer window changes more slowly relative to its length and costs more to count: 1 hour 5 s, 4 hours 20 s, a day or a week 60 s. */
export function cacheMsFor(range: TimeRange, baseMs: number): number {
  return Math.min(Math.max(baseMs, MAX_STOCK_LIST_CACHE_MS), (baseMs * rangeMinutes[range]) / 60);
}

/** The first minute of a window of `range` ending now (the current minute included). */
export function windowStart(range: TimeRange, now: Date): Date {
  return new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS - (rangeMinutes[range] - 1) * MINUTE_MS);
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

const empty: Omit<StockCounts, 'ticker'> = { total: 0, perPlatform: { reddit: 0, twitter: 0, youtube: 0, tiktok: 0, instagram: 0 }, sentiment: 'neutral', netSentiment: 0 };

/**
 * GET /api/stocks: every stock mentioned in the window or trending, with the window's mention counts and majority
 * sentiment (one ClickHouse query over the rollups) and its id, name, price and trend score (one Postgres query; the
 * read writes nothing: a stock's row is added by the scan that wrote its mentions),
 * best trend first, then most mentioned. Each range's list is computed at most once per `cacheMs` per process (scaled
 * up for longer ranges, see cacheMsFor), however many users poll it; concurrent requests share one computation, and
 * an expired list is served while its successor is computed (see cached).
 */
export function createStockListService(deps: { db: Database; warehouse: Warehouse; cacheMs: number; now?: () => Date }) {
  const { cacheMs } = deps;
  const clock = deps.now ?? (() => new Date());
  const cache = new Map<TimeRange, { expires: number; value: SerializedStockList }>();
  const inFlight = new Map<TimeRange, Promise<SerializedStockList>>();
  /** Bumped by invalidate(): a computation that started before it is not cached. */
  let generation = 0;

  async function compute(range: TimeRange): Promise<SerializedStockList> {
    const start = windowStart(range, clock());
    // The window and the one of the same length before it (read as "since twice as far back", less the window).
    const [windowRows, doubleRows] = await fromWarehouse(() =>
      Promise.all([mentionWindowCounts(deps.warehouse, start), mentionWindowCounts(deps.warehouse, new Date(start.getTime() - rangeMinutes[range] * MINUTE_MS))]),
    );
    const counts = summariseCounts(windowRows);
    const doubleTotals = new Map(summariseCounts(doubleRows).map((c) => [c.ticker, c.total]));
    const tickers = counts.map((c) => c.ticker);
    const rows = await listedStocks(deps.db, tickers);
    const byTicker = new Map(counts.map((c) => [c.ticker, c]));
    const stocks = rows.map((row): Stock => {
      const c = byTicker.get(row.ticker) ?? { ticker: row.ticker, ...empty };
      return {
        id: row.id,
        ticker: row.ticker,
        name: row.name,
        price: row.price,
        changePercent: row.change_percent,
        totalMentions: c.total,
        redditMentions: c.perPlatform.reddit,
        twitterMentions: c.perPlatform.twitter,
        youtubeMentions: c.perPlatform.youtube,
        tiktokMentions: c.perPlatform.tiktok,
        instagramMentions: c.perPlatform.instagram,
        sentiment: c.sentiment,
        lastUpdated: new Date(row.last_updated).toISOString(),
        createdAt: new Date(row.created_at).toISOString(),
        trendScore: row.trend_score,
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
