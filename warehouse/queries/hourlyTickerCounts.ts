import type { Warehouse } from '../client';

export interface HourlyTickerCount {
  ticker: string;
  /** Start of the hour, epoch ms. */
  hour: number;
  /** Distinct mentions in that hour, all platforms. */
  mentions: number;
}

/** Every ticker's distinct mentions per whole hour in [from, to), from the hourly rollups (hours without mentions are absent). */
export async function hourlyTickerCounts(warehouse: Warehouse, from: Date, to: Date): Promise<HourlyTickerCount[]> {
  const result = await warehouse.query({
    query: `SELECT ticker, toUnixTimestamp(hour) AS hour, uniqExactMerge(mentions) AS mentions
            FROM mention_hours
            WHERE hour >= toDateTime({from:UInt32}, 'UTC') AND hour < toDateTime({to:UInt32}, 'UTC')
            GROUP BY ticker, hour`,
    query_params: { from: Math.floor(from.getTime() / 1000), to: Math.floor(to.getTime() / 1000) },
    format: 'JSONCompactEachRow',
  });
  const rows = await result.json<[string, number, number]>();
  return rows.map(([ticker, hour, mentions]) => ({ ticker, hour: hour * 1000, mentions }));
}
