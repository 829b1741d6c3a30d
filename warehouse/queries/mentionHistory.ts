import type { Warehouse } from '../client';

export interface MentionHistoryPoint {
  /** Start of the bucket, ISO-8601. */
  timestamp: string;
  platform: string;
  mentions: number;
}

/**
 * StockMentionHistory, served from the per-minute rollups: a ticker's mentions per platform in
 * buckets of `bucketMinutes` since a moment, oldest first.
 */
export async function mentionHistory(
  warehouse: Warehouse,
  ticker: string,
  since: Date,
  bucketMinutes: number,
): Promise<MentionHistoryPoint[]> {
  const result = await warehouse.query({
    query: `SELECT toUnixTimestamp(toStartOfInterval(minute, toIntervalMinute({bucket:UInt32}))) AS bucket_start,
                   platform,
                   uniqExact(post) AS mentions
            FROM mention_minutes
            WHERE toStartOfHour(minute) >= toStartOfHour(toDateTime(intDiv({since:Int64}, 1000), 'UTC'))
              AND ticker = {ticker:String} AND minute >= toStartOfMinute(fromUnixTimestamp64Milli({since:Int64}))
            GROUP BY bucket_start, platform
            ORDER BY bucket_start, platform`,
    query_params: { ticker, since: since.getTime(), bucket: bucketMinutes },
    format: 'JSONEachRow',
  });
  const rows = await result.json<{ bucket_start: number; platform: string; mentions: number }>();
  return rows.map((r) => ({
    timestamp: new Date(r.bucket_start * 1000).toISOString(),
    platform: r.platform,
    mentions: r.mentions,
  }));
}
