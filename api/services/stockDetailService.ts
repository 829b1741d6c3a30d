import type { Database } from '../../platform/database';
import {
  historicalSchema,
  sessionPricesSchema,
  stockPostsSchema,
  type HistoricalPoint,
  type SessionPrices,
  type StockPost,
} from '../../core/contracts/stocks';
import { currentOrLastSession } from '../../core/market/marketHours';
import type { Warehouse } from '../../warehouse/client';
import { tickerExists } from '../../warehouse/postgres/tickers';
import { hasStockPrice } from '../../warehouse/postgres/stocks';
import { priceSeriesOf } from '../../warehouse/postgres/priceSeries';
import { hourlyMentionHistory } from '../../warehouse/queries/hourlyMentionHistory';
import { latestTickerPosts } from '../../warehouse/queries/latestTickerPosts';
import { mentionHistory } from '../../warehouse/queries/mentionHistory';
import { priceBuckets, type PriceBuckets } from '../../warehouse/queries/priceBuckets';
import { createTtlCache } from '../../platform/ttlCache';
import { notFound } from '../http/httpError';
import { fromWarehouse } from './warehouseGuard';
import { isPlatform, zeroPerPlatform, type Platform } from '../../core/platforms';
import { MINUTE_MS, rangeMinutes, type DetailRange } from '../../core/timeWindows';

/** Bucket size per range: 60 points for an hour, 48 for 4 hours, 96 for a day, 84 for a week, 30 (one per UTC day) for 30 days. */
export const bucketMinutes: Record<DetailRange, number> = {
  '1hour': 1,
  '4hours': 5,
  '24hours': 15,
  '7days': 120,
  '30days': 1440,
};

/** What a stock without a current price shows: no line. */
const noPrices: PriceBuckets = { buckets: new Map(), before: null };

/** A session's price line has a point every 5 minutes: 79 for a full session. */
const SESSION_BUCKET_MS = 5 * MINUTE_MS;

/**
 * `historyCacheMs`: how long a (ticker, range) history is reused. Every user's dashboard asks the same ones, so a short reuse turns N users' requests into one ClickHouse read. 0 turns it off.
 */
export function createStockDetailService(deps: {
  db: Database;
  warehouse: Warehouse;
  now?: () => Date;
  historyCacheMs?: number;
}) {
  const clock = deps.now ?? (() => new Date());
  // Every (ticker, range) a dashboard shows, a few thousand at most; each history is at most ~100 points.
  const reuse = { ttlMs: deps.historyCacheMs ?? 0, maxKeys: 5_000 };
  // A failed read (unknown ticker, ClickHouse down) is not kept.
  const histories = createTtlCache<`${string}|${DetailRange}`, HistoricalPoint[]>(reuse);
  const sessions = createTtlCache<string, SessionPrices>(reuse);

  async function assertKnown(ticker: string): Promise<void> {
    if (!(await tickerExists(deps.db, ticker))) throw notFound(`Unknown ticker ${ticker}`);
  }

  /**
   * Historical point per bucket, oldest first, ending with the current bucket: mentions per platform, and the
   * last price ticked in the bucket. Ticks are only written when a price moves, so a bucket without one carries the
   * price before it (also from before the range, up to 30 days back); null before the first price ever stored, and
   * everywhere while the stock has no current price (no source prices it: a stored line would be an invented one).
   */
  async function readHistory(ticker: string, range: DetailRange): Promise<HistoricalPoint[]> {
    await assertKnown(ticker);
    const series = (await hasStockPrice(deps.db, ticker)) ? await priceSeriesOf(deps.db, ticker) : null;
    const bucketMs = bucketMinutes[range] * MINUTE_MS;
    const count = rangeMinutes[range] / bucketMinutes[range];
    const last = Math.floor(clock().getTime() / bucketMs) * bucketMs;
    const first = new Date(last - (count - 1) * bucketMs);
    const minutes = bucketMinutes[range];
    // Hour- and day-sized buckets come from the sealed hourly and daily counts (a month is ~30 rows per platform).
    const history =
      minutes % 60 === 0
        ? hourlyMentionHistory(deps.warehouse, ticker, first, minutes / 60)
        : mentionHistory(deps.warehouse, ticker, first, minutes);
    const [mentions, prices] = await fromWarehouse(() =>
      Promise.all([history, series ? priceBuckets(deps.warehouse, series, first, bucketMs / 1000) : noPrices]),
    );
    const mentionsAt = new Map<number, Record<Platform, number>>();
    for (const m of mentions) {
      const at = Date.parse(m.timestamp);
      let entry = mentionsAt.get(at);
      if (!entry) mentionsAt.set(at, (entry = zeroPerPlatform()));
      if (isPlatform(m.platform)) entry[m.platform] += m.mentions;
    }
    let price = prices.before;
    const points: HistoricalPoint[] = [];
    for (let i = 0; i < count; i++) {
      const at = first.getTime() + i * bucketMs;
      price = prices.buckets.get(at) ?? price;
      points.push({ timestamp: new Date(at).toISOString(), price, mentions: mentionsAt.get(at) ?? zeroPerPlatform() });
    }
    return historicalSchema.parse(points);
  }

  /** Every 5 minutes from the open to the close (or to now while it trades), each carrying the last price before it (null without a current price). */
  async function readSession(ticker: string): Promise<SessionPrices> {
    await assertKnown(ticker);
    const now = clock();
    const session = currentOrLastSession(now);
    const end = Math.min(now.getTime(), session.closesAt.getTime());
    const series = (await hasStockPrice(deps.db, ticker)) ? await priceSeriesOf(deps.db, ticker) : null;
    const prices = series
      ? await fromWarehouse(() => priceBuckets(deps.warehouse, series, session.opensAt, SESSION_BUCKET_MS / 1000))
      : noPrices;
    let price = prices.before;
    const points: SessionPrices['points'] = [];
    for (let at = session.opensAt.getTime(); at <= end; at += SESSION_BUCKET_MS) {
      price = prices.buckets.get(at) ?? price;
      points.push({ timestamp: new Date(at).toISOString(), price });
    }
    return sessionPricesSchema.parse({
      date: session.date,
      open: session.open,
      opensAt: session.opensAt.toISOString(),
      closesAt: session.closesAt.toISOString(),
      points,
    });
  }

  return {
    /** The history of a ticker over a range (see readHistory), reused for `historyCacheMs`. */
    async historical(ticker: string, range: DetailRange): Promise<HistoricalPoint[]> {
      return histories.get(`${ticker}|${range}`, () => readHistory(ticker, range));
    },

    /** The ticker's price line through the current or last session (see sessionPricesSchema), reused like histories. */
    async session(ticker: string): Promise<SessionPrices> {
      return sessions.get(ticker, () => readSession(ticker));
    },

    /** The latest posts behind a ticker's mentions, newest first. */
    async posts(ticker: string, limit: number): Promise<StockPost[]> {
      await assertKnown(ticker);
      const rows = await fromWarehouse(() => latestTickerPosts(deps.warehouse, ticker, limit, undefined, clock()));
      return stockPostsSchema.parse(
        rows.map((r) => ({
          platform: r.platform,
          source: r.source,
          text: [r.title, r.text].filter((part) => part.trim() !== '').join('\n\n'),
          url: r.url,
          timestamp: new Date(r.at).toISOString(),
          sentiment: r.label,
          compound: Math.round(r.compound * 10_000) / 10_000,
          simulated: Boolean(r.simulated),
          analyser: r.analyser,
        })),
      );
    },
  };
}
export type StockDetailService = ReturnType<typeof createStockDetailService>;
