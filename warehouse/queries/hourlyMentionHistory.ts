import { DAY_MS, HOUR_MS } from '../../core/timeWindows';
import type { Warehouse } from '../client';
import type { MentionHistoryPoint } from './mentionHistory';
import { readWindowPlan, windowPartsParams, windowPartsSql } from './windowParts';

/** How far past `since` a history reads: the longest range and a week of mentions stamped ahead. */
const SPAN_MS = 40 * DAY_MS;

/**
 * A ticker's mentions per platform in buckets of `bucketHours` (epoch-aligned, as the detail service lays them out)
 * since a moment, oldest first; `since` is rounded down to its hour. Day-sized buckets read the sealed day counts,
 * hour-sized ones the sealed hourly counts; hours still changing come from the per-mention rows (windowParts.ts).
 */
export async function hourlyMentionHistory(
  warehouse: Warehouse,
  ticker: string,
  since: Date,
  bucketHours: number,
): Promise<MentionHistoryPoint[]> {
  const from = Math.floor(since.getTime() / HOUR_MS) * HOUR_MS;
  const plan = await readWindowPlan(warehouse, from, from + SPAN_MS, { days: (bucketHours * HOUR_MS) % DAY_MS === 0 });
  const result = await warehouse.query({
    query: `SELECT intDiv(t, {bucket:UInt32}) * {bucket:UInt32} AS bucket_start, platform, sum(m) AS mentions
            FROM (${windowPartsSql(plan, 'w', 'ticker = {ticker:String}')})
            GROUP BY bucket_start, platform
            HAVING mentions > 0
            ORDER BY bucket_start, platform`,
    query_params: { ...windowPartsParams(plan, 'w'), ticker, bucket: bucketHours * 3600 },
    format: 'JSONEachRow',
  });
  const rows = await result.json<{ bucket_start: number; platform: string; mentions: number | string }>();
  return rows.map((r) => ({
    timestamp: new Date(r.bucket_start * 1000).toISOString(),
    platform: r.platform,
    mentions: Number(r.mentions),
  }));
}
