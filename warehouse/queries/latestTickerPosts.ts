import { DAY_MS } from '../../core/timeWindows';
import type { Warehouse } from '../client';

export interface TickerPostRow {
  platform: string;
  /** The post's id on its platform. */
  post_id: string;
  source: string;
  title: string;
  text: string;
  url: string;
  /** Epoch ms of the post. */
  at: number;
  label: 'bullish' | 'bearish' | 'neutral';
  compound: number;
  simulated: boolean;
  /** The sentiment analyser that scored the mention (migration 007). */
  analyser: string;
}

/** Where a page of posts ends: the next page holds the posts older than it (in the order the pages are read). */
export interface PostPosition {
  /** Epoch ms of the post. */
  at: number;
  platform: string;
  postId: string;
}

/**
 * How far back each read looks, in days (null: all of it). The mentions are sorted by ticker, not time, so a read costs
 * the ticker's rows in the months it spans: most tickers fill a page within the last day, and only a quiet one reads
 * further back.
 */
const LOOKBACK_DAYS = [1, 7, 31, 366, null] as const;

/**
 * The newest posts behind a ticker's mentions, newest first, each once with its current label (FINAL: the transformer's
 * re-score replaces the fast label by a newer row, which FINAL picks before ReplacingMergeTree merges);
 * with `before`, the ones after that position in this order (the next page). The look-back counts from `before`, or
 * from `now` for the first page.
 */
export async function latestTickerPosts(
  warehouse: Warehouse,
  ticker: string,
  limit: number,
  before?: PostPosition,
  now: Date = new Date(),
): Promise<TickerPostRow[]> {
  const anchor = before ? before.at : now.getTime();
  let rows: TickerPostRow[] = [];
  for (const days of LOOKBACK_DAYS) {
    rows = await latestTickerPostsSince(warehouse, ticker, limit, before, days === null ? 0 : anchor - days * DAY_MS);
    if (rows.length >= limit) break;
  }
  return rows;
}

async function latestTickerPostsSince(
  warehouse: Warehouse,
  ticker: string,
  limit: number,
  before: PostPosition | undefined,
  sinceMs: number,
): Promise<TickerPostRow[]> {
  const result = await warehouse.query({
    query: `WITH recent AS (
              SELECT platform, post_id, source, ts, label, compound, simulated, analyser
              FROM mentions FINAL
              WHERE ticker = {ticker:String} AND ts >= fromUnixTimestamp64Milli({since:Int64})
                -- FINAL keeps a condition on ts from selecting parts; the monthly partition (ts's month) may be named,
                -- since versions of one row never cross a partition: the look-back reads its months, not the year.
                AND _partition_id >= toString(toYYYYMM(fromUnixTimestamp64Milli({since:Int64})))
                AND ({paged:UInt8} = 0 OR (ts, platform, post_id) < (fromUnixTimestamp64Milli({beforeAt:Int64}), {beforePlatform:String}, {beforePostId:String}))
              ORDER BY ts DESC, platform DESC, post_id DESC
              LIMIT 1 BY platform, post_id
              LIMIT {limit:UInt32}
            )
            SELECT r.platform AS platform, r.post_id AS post_id, r.source AS source, p.title AS title, p.text AS text, p.url AS url,
                   toUnixTimestamp64Milli(r.ts) AS at, toString(r.label) AS label, toFloat64(r.compound) AS compound, r.simulated AS simulated,
                   toString(r.analyser) AS analyser
            FROM recent AS r
            INNER JOIN (
              SELECT platform, post_id, argMax(title, ingested_at) AS title, argMax(text, ingested_at) AS text, argMax(url, ingested_at) AS url
              FROM posts
              WHERE (platform, post_id) IN (SELECT platform, post_id FROM recent)
              GROUP BY platform, post_id
            ) AS p ON p.platform = r.platform AND p.post_id = r.post_id
            ORDER BY r.ts DESC, r.platform DESC, r.post_id DESC`,
    query_params: {
      ticker,
      limit,
      since: sinceMs,
      paged: before ? 1 : 0,
      beforeAt: before?.at ?? 0,
      beforePlatform: before?.platform ?? '',
      beforePostId: before?.postId ?? '',
    },
    format: 'JSONEachRow',
  });
  return await result.json<TickerPostRow>();
}
