import type { Warehouse } from '../client';

export interface TickerActivity {
  ticker: string;
  mentions: number;
  bullish: number;
  bearish: number;
  authors: number;
}

/** Per ticker, across platforms: distinct mentions, bullish and bearish ones, and distinct authors from the minute `since` falls in. */
export async function recentMentionActivity(warehouse: Warehouse, since: Date): Promise<TickerActivity[]> {
  const result = await warehouse.query({
    query: `SELECT ticker,
                   uniqExact(post) AS mentions,
                   uniqExactIf(post, label = 'bullish') AS bullish,
                   uniqExactIf(post, label = 'bearish') AS bearish,
                   uniqExact(author) AS authors
            FROM mention_minutes
            WHERE toStartOfHour(minute) >= toStartOfHour(toDateTime(intDiv({since:Int64}, 1000), 'UTC'))
              AND minute >= toStartOfMinute(fromUnixTimestamp64Milli({since:Int64}))
            GROUP BY ticker`,
    query_params: { since: since.getTime() },
    format: 'JSONEachRow',
  });
  return await result.json<TickerActivity>();
}
