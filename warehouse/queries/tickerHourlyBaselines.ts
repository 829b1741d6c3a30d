import type { Warehouse } from '../client';
import { readWindowPlan, windowPartsParams, windowPartsSql } from './windowParts';

export interface TickerHourlyBaseline {
  ticker: string;
  /** Σ over the whole hours of [from, to) of the ticker's distinct mentions in the hour (all platforms). */
  sum: number;
  /** Σ of those hourly counts squared. */
  sumSquares: number;
}

export interface TickerHourlyBaselines {
  baselines: TickerHourlyBaseline[];
  /** The earliest hour (epoch ms) holding any ticker's mentions, undefined when none does. */
  firstHour: number | undefined;
}

/**
 * Every ticker's hourly counts over the whole hours [from, to) (hour boundaries) folded into their sum and sum of
 * squares inside ClickHouse: one row per ticker instead of one per ticker and hour. The hours come from the sealed
 * hourly counts (the per-mention rows only for hours still changing), as hourlyTickerCounts reads them.
 */
export async function tickerHourlyBaselines(
  warehouse: Warehouse,
  from: Date,
  to: Date,
): Promise<TickerHourlyBaselines> {
  const plan = await readWindowPlan(warehouse, from.getTime(), to.getTime(), { days: false });
  const result = await warehouse.query({
    query: `SELECT ticker, sum(c) AS sum, sum(c * c) AS sum_squares, min(hour) AS first
            FROM (
              SELECT ticker, toUInt32(toStartOfHour(toDateTime(t, 'UTC'))) AS hour, toUInt64(sum(m)) AS c
              FROM (${windowPartsSql(plan, 'w')})
              GROUP BY ticker, hour
            )
            GROUP BY ticker`,
    query_params: windowPartsParams(plan, 'w'),
    format: 'JSONCompactEachRow',
  });
  const rows = await result.json<[string, number | string, number | string, number]>();
  let first: number | undefined;
  const baselines = rows.map(([ticker, sum, sumSquares, hour]) => {
    if (first === undefined || hour < first) first = hour;
    return { ticker, sum: Number(sum), sumSquares: Number(sumSquares) };
  });
  return { baselines, firstHour: first === undefined ? undefined : first * 1000 };
}
