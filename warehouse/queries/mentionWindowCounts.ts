import { nextWholeHour, startOfMinute } from '../../core/timeWindows';
import type { Warehouse } from '../client';

export interface WindowCount {
  ticker: string;
  platform: string;
  mentions: number;
  bullish: number;
  bearish: number;
}

/**
 * Exact mention counts per ticker and platform from the minute `since` falls in up to now: whole hours from the hourly
 * rollups, the leading partial hour from the per-minute rollups. Each post lies in one minute and one hour, so the two
 * parts add up exactly; a week reads ~170 hourly rows per ticker and platform instead of ~10,000 minutes. With
 * `ticker`, that ticker's rows only.
 */
export async function mentionWindowCounts(warehouse: Warehouse, since: Date, ticker?: string): Promise<WindowCount[]> {
  const sinceMinute = startOfMinute(since);
  const fullHoursFrom = nextWholeHour(sinceMinute);
  const result = await warehouse.query({
    query: `SELECT ticker, platform, sum(m) AS mentions, sum(b) AS bullish, sum(br) AS bearish
            FROM (
              SELECT ticker, platform, uniqExactMerge(mentions) AS m, uniqExactIfMerge(bullish) AS b, uniqExactIfMerge(bearish) AS br
              FROM mention_hours
              WHERE hour >= toDateTime({fullHoursFrom:UInt32}, 'UTC') AND ({ticker:String} = '' OR ticker = {ticker:String})
              GROUP BY ticker, platform
              UNION ALL
              SELECT ticker, platform, uniqExactMerge(mentions) AS m, uniqExactIfMerge(bullish) AS b, uniqExactIfMerge(bearish) AS br
              FROM mention_minutes
              WHERE minute >= toDateTime({sinceMinute:UInt32}, 'UTC') AND minute < toDateTime({fullHoursFrom:UInt32}, 'UTC')
                AND ({ticker:String} = '' OR ticker = {ticker:String})
              GROUP BY ticker, platform
            )
            GROUP BY ticker, platform
            HAVING mentions > 0`,
    query_params: { sinceMinute: sinceMinute / 1000, fullHoursFrom: fullHoursFrom / 1000, ticker: ticker ?? '' },
    format: 'JSONEachRow',
  });
  return await result.json<WindowCount>();
}
