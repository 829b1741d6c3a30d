import type { Warehouse } from '../client';
import type { MentionHistoryPoint } from './mentionHistory';

/**
 * A ticker's mentions per platform in buckets of `bucketHours` since a moment, from the hourly rollups (for week-long
 * histories), oldest first. `since` is rounded down to its hour.
 */
export async function hourlyMentionHistory(warehouse: Warehouse, ticker: string, since: Date, bucketHours: number): Promise<MentionHistoryPoint[]> {
  const result = await warehouse.query({
    query: `SELECT toUnixTimestamp(toStartOfInterval(hour, toIntervalHour({bucket:UInt32}))) AS bucket_start,
                   platform,
                   uniqExactMerge(mentions) AS mentions
            FROM mention_hours
            WHERE ticker = {ticker:String} AND hour >= toStartOfHour(fromUnixTimestamp64Milli({since:Int64}))
            GROUP BY bucket_start, platform
            ORDER BY bucket_start, platform`,
    query_params: { ticker, since: since.getTime(), bucket: bucketHours },
    format: 'JSONEachRow',
  });
  const rows = await result.json<{ bucket_start: number; platform: string; mentions: number }>();
  return rows.map((r) => ({ timestamp: new Date(r.bucket_start * 1000).toISOString(), platform: r.platform, mentions: r.mentions }));
}
