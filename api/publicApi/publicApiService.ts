import { z } from 'zod';
import { mentionsPerPlatform, type Stock } from '../../core/contracts/stocks';
import type { AlertOutcome } from '../../core/contracts/alertOutcomes';
import {
  v1StockDetailSchema,
  type MentionInterval,
  type V1MentionBucket,
  type V1Post,
  type V1Stock,
  type V1StockDetail,
  type V1Trending,
} from '../../core/contracts/publicApi';
import { summariseCounts, noMentions } from '../../core/mentionCounts';
import { DAY_MS, HOUR_MS, MINUTE_MS, rangeMinutes, windowStart, type TimeRange } from '../../core/timeWindows';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { listUserAlertOutcomes } from '../../warehouse/postgres/alertOutcomes';
import { listedStocks } from '../../warehouse/postgres/stocks';
import { tickerName } from '../../warehouse/postgres/tickers';
import { trendingStocks } from '../../warehouse/postgres/trendingStocks';
import { latestTickerPosts } from '../../warehouse/queries/latestTickerPosts';
import { latestTrendScores } from '../../warehouse/queries/latestTrendScores';
import { mentionWindowCounts } from '../../warehouse/queries/mentionWindowCounts';
import { tickerSentimentSeries } from '../../warehouse/queries/tickerSentimentSeries';
import { badRequest, notFound } from '../http/httpError';
import type { StockListService } from '../services/stockListService';
import { fromWarehouse } from '../services/warehouseGuard';
import { decodeCursor, encodeCursor } from './cursor';

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

type StockSort = 'trend' | 'mentions' | 'sentiment' | 'change' | 'ticker';

/** A page of the stock list with its JSON, written once however often it is asked for. */
export interface StockPage extends Page<V1Stock> {
  json: string;
}
interface SortedList {
  stocks: V1Stock[];
  pages: Map<string, StockPage>;
}
/** Pages kept per sorted list (each lives as long as the cached list it was cut from). */
const MAX_KEPT_PAGES = 256;
type SortKey = Array<number | string>;

/** Sort keys compared left to right, ascending: a descending number is negated; a missing change sorts last. */
const sortKeyOf: Record<StockSort, (s: V1Stock) => SortKey> = {
  trend: (s) => [-s.trendScore, -s.mentions.total, s.ticker],
  mentions: (s) => [-s.mentions.total, s.ticker],
  sentiment: (s) => [-s.sentimentScore, -s.mentions.total, s.ticker],
  change: (s) => [s.changePercent === null ? 1 : 0, -(s.changePercent ?? 0), s.ticker],
  ticker: (s) => [s.ticker],
};

function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    return typeof x === 'number' && typeof y === 'number' ? x - y : String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

const stockCursorSchema = z.object({
  sort: z.string(),
  range: z.string(),
  key: z.array(z.union([z.number(), z.string()])),
});
const seriesCursorSchema = z.object({ interval: z.string(), at: z.number().int(), to: z.number().int() });
const postCursorSchema = z.object({ at: z.number().int(), platform: z.string(), postId: z.string() });
const outcomeCursorSchema = z.object({ firedAt: z.string().datetime(), id: z.number().int() });

const decimal = (v: string | null) => (v === null ? null : Number(v));

function v1Stock(s: Stock): V1Stock {
  return {
    ticker: s.ticker,
    name: s.name,
    price: decimal(s.price),
    changePercent: decimal(s.changePercent),
    mentions: { total: s.totalMentions, ...mentionsPerPlatform(s) },
    previousMentions: s.previousMentions,
    sentiment: s.sentiment,
    sentimentScore: s.sentimentScore,
    trendScore: s.trendScore,
    priceUpdatedAt: s.lastUpdated,
  };
}

const BUCKET_MS: Record<MentionInterval, number> = { minute: MINUTE_MS, hour: HOUR_MS, day: DAY_MS };
/** Without `from`, a series covers the last hour of minutes, day of hours or 30 days. */
const DEFAULT_SPAN_BUCKETS: Record<MentionInterval, number> = { minute: 60, hour: 24, day: 30 };
/** Rollups are kept two years; the API takes times from 2000 to 2100. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/**
 * The public API's reads, over the same services and queries the dashboard uses (the stock list and its cache, the
 * window counts, the posts, the trending set, alert outcomes), shaped into the v1 contracts and paged.
 */
export function createPublicApiService(deps: {
  db: Database;
  warehouse: Warehouse;
  stocks: StockListService;
  now?: () => Date;
}) {
  const clock = deps.now ?? (() => new Date());
  // Each cached list is mapped and sorted once per sort, and each page of it serialised once: scripts page the list
  // far more often than it changes, and writing a 100-stock page as JSON costs more than everything else a call does.
  const sortedLists = new WeakMap<readonly Stock[], Map<StockSort, SortedList>>();
  function sorted(list: readonly Stock[], sort: StockSort): SortedList {
    let bySort = sortedLists.get(list);
    if (!bySort) sortedLists.set(list, (bySort = new Map()));
    let entry = bySort.get(sort);
    if (!entry) {
      const keyOf = sortKeyOf[sort];
      const stocks = list.map(v1Stock).sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
      bySort.set(sort, (entry = { stocks, pages: new Map() }));
    }
    return entry;
  }

  async function knownName(ticker: string): Promise<string> {
    const name = await tickerName(deps.db, ticker);
    if (name === undefined) throw notFound(`Unknown ticker ${ticker}`);
    return name;
  }

  return {
    /** The dashboard's stock list for the range, sorted and paged. */
    async stocks(range: TimeRange, sort: StockSort, limit: number, cursor: string | undefined): Promise<StockPage> {
      const after = decodeCursor(cursor, stockCursorSchema);
      if (after && (after.sort !== sort || after.range !== range))
        throw badRequest(
          `cursor belongs to sort=${after.sort}&range=${after.range}: ask with the same sort and range`,
          'cursor',
        );
      const list = sorted(await deps.stocks.list(range), sort);
      const pageKey = `${limit}|${cursor ?? ''}`;
      const known = list.pages.get(pageKey);
      if (known) return known;
      const keyOf = sortKeyOf[sort];
      const rest = after ? list.stocks.filter((s) => compareKeys(keyOf(s), after.key) > 0) : list.stocks;
      const data = rest.slice(0, limit);
      const last = data.at(-1);
      const nextCursor = rest.length > limit && last ? encodeCursor({ sort, range, key: keyOf(last) }) : null;
      const page: StockPage = { data, nextCursor, json: JSON.stringify({ data, nextCursor }) };
      // Cursors come from callers: past a bound, further pages are answered without being kept.
      if (list.pages.size < MAX_KEPT_PAGES) list.pages.set(pageKey, page);
      return page;
    },

    /** One stock over the range: mentions per platform and by label, trend score and z-score, price. */
    async stock(ticker: string, range: TimeRange): Promise<V1StockDetail> {
      const name = await knownName(ticker);
      const since = windowStart(clock(), rangeMinutes[range]);
      const [rows, listed, scores] = await Promise.all([
        fromWarehouse(() => mentionWindowCounts(deps.warehouse, since, clock(), ticker)),
        listedStocks(deps.db, [ticker]),
        fromWarehouse(() => latestTrendScores(deps.warehouse, [ticker])),
      ]);
      const summary = summariseCounts(rows)[0] ?? noMentions(ticker);
      const bullish = rows.reduce((n, r) => n + Number(r.bullish), 0);
      const bearish = rows.reduce((n, r) => n + Number(r.bearish), 0);
      const neutral = Math.max(0, summary.total - bullish - bearish);
      const share = (n: number) => (summary.total === 0 ? 0 : Math.round((n / summary.total) * 10_000) / 10_000);
      const row = listed.find((r) => r.ticker === ticker);
      const score = scores.get(ticker);
      return v1StockDetailSchema.parse({
        ticker,
        name: row?.name ?? name,
        range,
        price: decimal(row?.price ?? null),
        changePercent: decimal(row?.change_percent ?? null),
        priceUpdatedAt: new Date(row?.last_updated ?? 0).toISOString(),
        mentions: { total: summary.total, ...summary.perPlatform },
        sentiment: {
          label: summary.sentiment,
          score: summary.netSentiment,
          counts: { bullish, bearish, neutral },
          shares: { bullish: share(bullish), bearish: share(bearish), neutral: share(neutral) },
        },
        trend: {
          score: row?.trend_score ?? 0,
          trending: (row?.trend_score ?? 0) > 0,
          zScore: score ? score.z : null,
          scoredAt: score ? new Date(score.at).toISOString() : null,
        },
      });
    },

    /**
     * A ticker's mentions by label per bucket in [from, to), every bucket present (zeros included), oldest first, at
     * most `limit` buckets a page. `from` is rounded down to its bucket; without `to` the series ends now.
     */
    async mentions(
      ticker: string,
      query: { from?: Date; to?: Date; interval: MentionInterval; limit: number; cursor?: string },
    ): Promise<Page<V1MentionBucket>> {
      await knownName(ticker);
      const bucketMs = BUCKET_MS[query.interval];
      const inRange = (ms: number) => ms >= EARLIEST && ms < LATEST;
      if (query.from && !inRange(query.from.getTime())) throw badRequest('from must lie between 2000 and 2100', 'from');
      if (query.to && !inRange(query.to.getTime())) throw badRequest('to must lie between 2000 and 2100', 'to');
      const position = decodeCursor(query.cursor, seriesCursorSchema);
      if (position && (position.interval !== query.interval || !inRange(position.at) || !inRange(position.to)))
        throw badRequest(`cursor belongs to another series: ask with the same interval`, 'cursor');
      const to = position ? position.to : (query.to ?? clock()).getTime();
      const from = position
        ? position.at
        : Math.floor((query.from?.getTime() ?? to - DEFAULT_SPAN_BUCKETS[query.interval] * bucketMs) / bucketMs) *
          bucketMs;
      if (from >= to) throw badRequest('from must be before to', 'from');
      const end = Math.min(to, from + query.limit * bucketMs);
      const buckets = await fromWarehouse(() =>
        tickerSentimentSeries(deps.warehouse, ticker, new Date(from), new Date(end), query.interval),
      );
      const byStart = new Map(buckets.map((b) => [b.at, b]));
      const data: V1MentionBucket[] = [];
      for (let at = from; at < end; at += bucketMs) {
        const b = byStart.get(at);
        const mentions = b?.mentions ?? 0;
        const bullish = b?.bullish ?? 0;
        const bearish = b?.bearish ?? 0;
        data.push({
          timestamp: new Date(at).toISOString(),
          mentions,
          bullish,
          bearish,
          neutral: Math.max(0, mentions - bullish - bearish),
        });
      }
      return { data, nextCursor: end < to ? encodeCursor({ interval: query.interval, at: end, to }) : null };
    },

    /** A ticker's posts, newest first, with their label and score. */
    async posts(ticker: string, limit: number, cursor: string | undefined): Promise<Page<V1Post>> {
      await knownName(ticker);
      const before = decodeCursor(cursor, postCursorSchema);
      const rows = await fromWarehouse(() => latestTickerPosts(deps.warehouse, ticker, limit + 1, before));
      const data = rows.slice(0, limit).map((r): V1Post => ({
        id: `${r.platform}:${r.post_id}`,
        platform: r.platform,
        source: r.source,
        text: [r.title, r.text].filter((part) => part.trim() !== '').join('\n\n'),
        url: r.url,
        publishedAt: new Date(r.at).toISOString(),
        sentiment: r.label,
        score: Math.round(r.compound * 10_000) / 10_000,
        analyser: r.analyser,
        simulated: Boolean(r.simulated),
      }));
      const last = rows[limit - 1];
      return {
        data,
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ at: Number(last.at), platform: last.platform, postId: last.post_id })
            : null,
      };
    },

    /** The trending set with the z-score and baseline of each stock's latest detection. */
    async trending(): Promise<{ data: V1Trending[] }> {
      const rows = await trendingStocks(deps.db);
      const scores = await fromWarehouse(() =>
        latestTrendScores(
          deps.warehouse,
          rows.map((r) => r.ticker),
        ),
      );
      return {
        data: rows.map((r) => {
          const s = scores.get(r.ticker);
          return {
            ticker: r.ticker,
            name: r.name,
            trendScore: r.trend_score,
            zScore: s?.z ?? null,
            mentionsLastHour: s?.mentions ?? null,
            baselineMean: s?.baselineMean ?? null,
            baselineStddev: s?.baselineStddev ?? null,
            mentionVelocity: Number(r.mention_velocity),
            sentiment: r.sentiment,
            sentimentScore: Number(r.sentiment_score),
            isNewTrend: r.is_new_trend,
            trendingSince: r.detected_at.toISOString(),
            lastUpdated: r.last_updated.toISOString(),
          };
        }),
      };
    },

    /** The caller's own alert firings, newest first. */
    async outcomes(userId: string, limit: number, cursor: string | undefined): Promise<Page<AlertOutcome>> {
      const before = decodeCursor(cursor, outcomeCursorSchema);
      const rows = await listUserAlertOutcomes(
        deps.db,
        userId,
        limit + 1,
        before ? { firedAt: new Date(before.firedAt), id: before.id } : undefined,
      );
      const data = rows.slice(0, limit);
      const last = data.at(-1);
      return {
        data,
        nextCursor: rows.length > limit && last ? encodeCursor({ firedAt: last.firedAt, id: last.id }) : null,
      };
    },
  };
}
export type PublicApiService = ReturnType<typeof createPublicApiService>;
