import { nextWholeHour, windowStart } from '../../core/timeWindows';
import type { Warehouse } from '../client';


/**
 * Mentions per ticker (all platforms) in several windows ending now (core/timeWindows: the same minutes the cards
 * count), each counted exactly as mentionWindowCounts counts one: whole hours from the hourly rollups, the window's leading partial hour from the per-minute rollups.
 * One read serves every window EvaluateAlerts needs. Returns ticker → counts in the order of `windowsMinutes`.
 */
export async function tickerWindowTotals(warehouse: Warehouse, now: Date, windowsMinutes: readonly number[]): Promise<Map<string, number[]>> {
  const totals = new Map<string, number[]>();
  if (windowsMinutes.length === 0) return totals;
  const since = windowsMinutes.map((w) => windowStart(now, w).getTime());
  const fullHoursFrom = since.map(nextWholeHour);
  const toSeconds = (ms: number[]) => ms.map((v) => v / 1000);
  const result = await warehouse.query({
    query: `SELECT ticker,
                   sumForEach(arrayMap((s, f) -> if((src = 'h' AND t >= f) OR (src = 'm' AND t >= s AND t < f), m, 0), {since:Array(UInt32)}, {fullHoursFrom:Array(UInt32)})) AS counts
            FROM (
              SELECT ticker, 'h' AS src, toUInt32(hour) AS t, uniqExactMerge(mentions) AS m
              FROM mention_hours
              WHERE hour >= toDateTime(arrayMin({fullHoursFrom:Array(UInt32)}), 'UTC')
              GROUP BY ticker, platform, hour
              UNION ALL
              SELECT ticker, 'm' AS src, toUInt32(minute) AS t, uniqExactMerge(mentions) AS m
              FROM mention_minutes
              WHERE minute >= toDateTime(arrayMin({since:Array(UInt32)}), 'UTC')
                AND arrayExists((s, f) -> toUInt32(minute) >= s AND toUInt32(minute) < f, {since:Array(UInt32)}, {fullHoursFrom:Array(UInt32)})
              GROUP BY ticker, platform, minute
            )
            GROUP BY ticker`,
    query_params: { since: toSeconds(since), fullHoursFrom: toSeconds(fullHoursFrom) },
    format: 'JSONEachRow',
  });
  for (const row of await result.json<{ ticker: string; counts: Array<number | string> }>()) totals.set(row.ticker, row.counts.map(Number));
  return totals;
}
