import type { Warehouse } from '../client';
import { readWindowPlan, windowPartsParams, windowPartsSql } from './windowParts';

export interface HourlyTickerCount {
  ticker: string;
  /** Start of the hour, epoch ms. */
  hour: number;
  /** Distinct mentions in that hour, all platforms. */
  mentions: number;
}

/**
 * Every ticker's distinct mentions per whole hour in [from, to) (hour boundaries), from the sealed hourly counts and,
 * for hours still changing, the per-mention rows (hours without mentions are absent).
 */
export async function hourlyTickerCounts(warehouse: Warehouse, from: Date, to: Date): Promise<HourlyTickerCount[]> {
  const plan = await readWindowPlan(warehouse, from.getTime(), to.getTime(), { days: false });
  const result = await warehouse.query({
    query: `SELECT ticker, toUInt32(toStartOfHour(toDateTime(t, 'UTC'))) AS hour, sum(m) AS mentions
            FROM (${windowPartsSql(plan, 'w')})
            GROUP BY ticker, hour`,
    query_params: windowPartsParams(plan, 'w'),
    format: 'JSONCompactEachRow',
  });
  const rows = await result.json<[string, number, number | string]>();
  return rows.map(([ticker, hour, mentions]) => ({ ticker, hour: hour * 1000, mentions: Number(mentions) }));
}
