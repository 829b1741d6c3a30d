import type { Warehouse } from '../client';

/**
 * Rolls the per-minute rollups of [from, to] (whole minutes, both ends included) up into mention_hours. Run after
 * mentions are written, over the span of their timestamps. Idempotent: the hourly states are sets of distinct post
 * hashes, so rolling a minute up twice, or a minute that holds older mentions too, adds nothing twice.
 */
export async function rollupMentionHours(warehouse: Warehouse, from: Date, to: Date): Promise<void> {
  await warehouse.command({
    query: `INSERT INTO mention_hours (ticker, platform, hour, mentions, bullish, bearish)
            SELECT ticker, platform, toStartOfHour(minute) AS hour,
                   uniqExactMergeState(mentions), uniqExactIfMergeState(bullish), uniqExactIfMergeState(bearish)
            FROM mention_minutes
            WHERE minute >= toStartOfMinute(fromUnixTimestamp64Milli({from:Int64})) AND minute <= toStartOfMinute(fromUnixTimestamp64Milli({to:Int64}))
            GROUP BY ticker, platform, hour`,
    query_params: { from: from.getTime(), to: to.getTime() },
  });
}
