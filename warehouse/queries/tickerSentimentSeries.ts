import type { Warehouse } from '../client';
import { MINUTE_POST_COUNTS } from './mentionCountColumns';

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
 * buckets without mentions are absent. Every interval is read from mention_minutes' per-mention rows, grouped by the
 * bucket their minute lies in.
 */
export async function tickerSentimentSeries(
  warehouse: Warehouse,
  ticker: string,
  from: Date,
  to: Date,
  interval: SeriesInterval,
): Promise<SentimentBucket[]> {
  const bucket =
    interval === 'minute' ? 'minute' : interval === 'hour' ? 'toStartOfHour(minute)' : 'toStartOfDay(minute)';
  const result = await warehouse.query({
    query: `SELECT toUnixTimestamp(bucket) AS bucket_start, sum(m) AS mentions, sum(b) AS bullish, sum(br) AS bearish
            FROM (
              SELECT ${bucket} AS bucket, platform, ${MINUTE_POST_COUNTS}
              FROM mention_minutes
              WHERE ticker = {ticker:String}
                AND minute >= toDateTime({from:UInt32}, 'UTC') AND minute < toDateTime({to:UInt32}, 'UTC')
              GROUP BY bucket, platform
            )
            GROUP BY bucket
            HAVING mentions > 0
            ORDER BY bucket`,
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
