import type { Warehouse } from '../client';

/**
 * Rolls every per-minute rollup row of [from, to] (whole minutes, both ends included) up into mention_hours: for bulk
 * loads that wrote mentions without insertMentions (bench/dashboardApp.ts). Idempotent, as rollupMentionHours.
 */
export async function rollupMentionHourSpan(warehouse: Warehouse, from: Date, to: Date): Promise<void> {
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
