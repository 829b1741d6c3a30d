import type { Warehouse } from '../client';

/** One bucket of a ticker's mentions: distinct mentions starting in it, and how many read bullish and bearish. */
export interface SentimentBucket {
  /** Epoch ms of the bucket's start. */
  at: number;
  mentions: number;
  bullish: number;
  bearish: number;
}

export type SeriesInterval = 'minute' | 'hour' | 'day';

/**
 * A ticker's mentions (all platforms) with their sentiment per minute, hour or UTC day in [from, to), oldest first;
 * buckets without mentions are absent. Minutes come from the per-minute rollups, hours and days from the hourly ones
 * (a day is its 24 hours: every post lies in one hour, so the sums are exact).
 */
export async function tickerSentimentSeries(
  warehouse: Warehouse,
  ticker: string,
  from: Date,
  to: Date,
  interval: SeriesInterval,
): Promise<SentimentBucket[]> {
  const [table, column, bucket] =
    interval === 'minute'
      ? ['mention_minutes', 'minute', 'minute']
      : interval === 'hour'
        ? ['mention_hours', 'hour', 'hour']
        : ['mention_hours', 'hour', 'toStartOfDay(hour)'];
  const result = await warehouse.query({
    query: `SELECT toUnixTimestamp(b) AS bucket_start, sum(m) AS mentions, sum(bu) AS bullish, sum(be) AS bearish
            FROM (
              SELECT ${bucket} AS b, platform, uniqExactMerge(mentions) AS m, uniqExactIfMerge(bullish) AS bu, uniqExactIfMerge(bearish) AS be
              FROM ${table}
              WHERE ticker = {ticker:String}
                AND ${column} >= toDateTime({from:UInt32}, 'UTC') AND ${column} < toDateTime({to:UInt32}, 'UTC')
              GROUP BY b, platform
            )
            GROUP BY b
            HAVING mentions > 0
            ORDER BY b`,
    query_params: { ticker, from: Math.floor(from.getTime() / 1000), to: Math.ceil(to.getTime() / 1000) },
    format: 'JSONEachRow',
  });
  const rows = await result.json<{
    bucket_start: number;
    mentions: number | string;
    bullish: number | string;
    bearish: number | string;
  }>();
  return rows.map((r) => ({
    at: r.bucket_start * 1000,
    mentions: Number(r.mentions),
    bullish: Number(r.bullish),
    bearish: Number(r.bearish),
  }));
}
