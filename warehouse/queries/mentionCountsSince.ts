import type { Warehouse } from '../client';

export interface TickerPlatformCount {
  ticker: string;
  platform: string;
  mentions: number;
  bullish: number;
  bearish: number;
  authors: number;
}

/** Exact mention counts per ticker and platform since a moment, from the per-minute rollups. */
export async function mentionCountsSince(warehouse: Warehouse, since: Date): Promise<TickerPlatformCount[]> {
  const result = await warehouse.query({
    query: `SELECT ticker, platform,
                   uniqExactMerge(mentions) AS mentions,
                   uniqExactIfMerge(bullish) AS bullish,
                   uniqExactIfMerge(bearish) AS bearish,
                   uniqExactMerge(authors) AS authors
            FROM mention_minutes
            WHERE minute >= toStartOfMinute(fromUnixTimestamp64Milli({since:Int64}))
            GROUP BY ticker, platform`,
    query_params: { since: since.getTime() },
    format: 'JSONEachRow',
  });
  return await result.json<TickerPlatformCount>();
}
