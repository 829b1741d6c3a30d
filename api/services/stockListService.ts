import { createHash } from 'node:crypto';
import { platformMentionFields, stockListSchema, type Stock } from '../../core/contracts/stocks';
import { mentionSummary, noMentions } from '../../core/mentionCounts';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { listedStocks } from '../../warehouse/postgres/stocks';
import { stockListCounts } from '../../warehouse/queries/stockListCounts';
import { createTtlCache, type TtlCache } from '../../platform/ttlCache';
import { fromWarehouse } from './warehouseGuard';
import { MINUTES_PER_DAY, MINUTE_MS, rangeMinutes, windowStart, type DetailRange } from '../../core/timeWindows';

const MAX_STOCK_LIST_CACHE_MS = 60_000;

/** A longer window changes more slowly relative to its length and costs more to count: 1 hour 5 s, 4 hours 20 s, a day or a week 60 s. */
export function cacheMsFor(range: DetailRange, baseMs: number): number {
  return Math.min(Math.max(baseMs, MAX_STOCK_LIST_CACHE_MS), (baseMs * rangeMinutes[range]) / 60);
}

export interface SerializedStockList {
  stocks: Stock[];
  /** The list as JSON, encoded once: each request sends these bytes as they are. */
  body: Buffer;
  /** A strong ETag of `body`. */
  etag: string;
}

function serialize(stocks: Stock[]): SerializedStockList {
  const body = Buffer.from(JSON.stringify(stocks));
  return { stocks, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * GET /api/stocks: every stock mentioned in the window or trending, with the window's mention counts and majority
 * sentiment (one ClickHouse query over the rollups) and its id, name, price and trend score (one Postgres query; the
 * read writes nothing: a stock's row is added by the scan that wrote its mentions),
 * best trend first, then most mentioned. Each range's list is computed at most once per `cacheMs` per process (scaled
 * up for longer ranges, see cacheMsFor), however many users poll it; concurrent requests share one computation, and
 * an expired list is served while its successor is computed (see cached).
 */
export function createStockListService(deps: {
  db: Database;
  warehouse: Warehouse;
  cacheMs: number;
  now?: () => Date;
}) {
  const { cacheMs } = deps;
  const clock = deps.now ?? (() => new Date());
  // One cache per range, each with its own period (cacheMsFor). An expired list is served for up to one more period
  // while one request's recomputation runs in the background: no poll waits for a recomputation except the first
  // after a start or an invalidation.
  const caches = new Map<DetailRange, TtlCache<DetailRange, SerializedStockList>>();
  function cacheOf(range: DetailRange): TtlCache<DetailRange, SerializedStockList> {
    let cache = caches.get(range);
    if (!cache) {
      const ttlMs = cacheMsFor(range, cacheMs);
      cache = createTtlCache({ ttlMs, staleWhileRevalidateMs: ttlMs });
      caches.set(range, cache);
    }
    return cache;
  }

  async function compute(range: DetailRange): Promise<SerializedStockList> {
    const now = clock();
    const start = windowStart(now, rangeMinutes[range]);
    // A list of a day or more holds most stocks (three quarters of 5,000 at 10 M mentions a year): every stock row is
    // read alongside the ClickHouse counts and filtered here, instead of after them for the tickers they name.
    const everyStock = rangeMinutes[range] >= MINUTES_PER_DAY;
    const [counts, allRows] = await Promise.all([
      fromWarehouse(() => stockListCounts(deps.warehouse, start, rangeMinutes[range] * MINUTE_MS, now)),
      everyStock ? listedStocks(deps.db) : undefined,
    ]);
    const byTicker = new Map(counts.map((c) => [c.ticker, c]));
    const rows = allRows
      ? allRows.filter((row) => row.trending || (byTicker.get(row.ticker)?.mentions ?? 0) > 0)
      : await listedStocks(
          deps.db,
          counts.filter((c) => c.mentions > 0).map((c) => c.ticker),
        );
    const stocks = rows.map((row): Stock => {
      const c = byTicker.get(row.ticker);
      const summary = c
        ? mentionSummary(row.ticker, c.mentions, c.perPlatform, c.bullish, c.bearish)
        : noMentions(row.ticker);
      return {
        id: row.id,
        ticker: row.ticker,
        name: row.name,
        price: row.price,
        changePercent: row.change_percent,
        totalMentions: summary.total,
        ...platformMentionFields(summary.perPlatform),
        sentiment: summary.sentiment,
        lastUpdated: row.last_updated,
        createdAt: row.created_at,
        trendScore: row.trend_score,
        previousMentions: Math.max(0, c?.previous ?? 0),
        sentimentScore: summary.netSentiment,
      };
    });
    stocks.sort(
      (a, b) => b.trendScore - a.trendScore || b.totalMentions - a.totalMentions || a.ticker.localeCompare(b.ticker),
    );
    return serialize(stockListSchema.parse(stocks));
  }

  const cached = (range: DetailRange): Promise<SerializedStockList> => cacheOf(range).get(range, () => compute(range));

  return {
    async list(range: DetailRange): Promise<Stock[]> {
      return (await cached(range)).stocks;
    },
    /** The list as the JSON bytes the route sends, with its ETag: per request there is nothing left to compute. */
    async listJson(range: DetailRange): Promise<Pick<SerializedStockList, 'body' | 'etag'>> {
      return await cached(range);
    },
    /** Drops cached lists (after a price refresh or a trend detection, so the next poll shows them). */
    invalidate(): void {
      for (const cache of caches.values()) cache.invalidate();
    },
  };
}

export type StockListService = ReturnType<typeof createStockListService>;
