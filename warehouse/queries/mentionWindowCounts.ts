import { DAY_MS, startOfHour } from '../../core/timeWindows';
import type { Warehouse } from '../client';
import { dirtyHours, planWindow, windowPartsParams, windowPartsSql, type WindowPlan } from './windowParts';

export interface WindowCount {
  ticker: string;
  platform: string;
  mentions: number;
  bullish: number;
  bearish: number;
}

/** How far past `now` a window still counts mentions. */
export const AHEAD_MS = 7 * DAY_MS;

/**
 * Exact mention counts per ticker and platform from the minute `since` falls in on (mentions stamped up to a week after
 * `now`, a source's clock running ahead, included):
 * whole days and hours from the sealed counts, the hours still changing and the leading partial hour from the per-post
 * sets (windowParts.ts). Each post lies in one part, so the parts add up exactly. With `ticker`, that ticker's rows only.
 */
export async function mentionWindowCounts(
  warehouse: Warehouse,
  since: Date,
  now: Date = new Date(),
  ticker?: string,
): Promise<WindowCount[]> {
  return (await mentionWindowCountsSince(warehouse, [since], now, ticker))[0]!;
}

/** mentionWindowCounts for several starts, sharing one read of the hours still changing (e.g. a window and the one before it). */
export async function mentionWindowCountsSince(
  warehouse: Warehouse,
  sinces: readonly Date[],
  now: Date = new Date(),
  ticker?: string,
): Promise<WindowCount[][]> {
  const earliest = Math.min(...sinces.map((s) => s.getTime()));
  const to = startOfHour(Math.max(+now, earliest)) + AHEAD_MS;
  const dirty = await dirtyHours(warehouse, startOfHour(earliest), to);
  return await Promise.all(
    sinces.map((since) => windowCounts(warehouse, planWindow(since.getTime(), to, dirty), ticker)),
  );
}

async function windowCounts(warehouse: Warehouse, plan: WindowPlan, ticker?: string): Promise<WindowCount[]> {
  const tickerFilter = ticker === undefined ? '1' : 'ticker = {ticker:String}';
  const result = await warehouse.query({
    query: `SELECT ticker, platform, sum(m) AS mentions, sum(b) AS bullish, sum(br) AS bearish
            FROM (${windowPartsSql(plan, 'w', tickerFilter)})
            GROUP BY ticker, platform
            HAVING mentions > 0`,
    query_params: { ...windowPartsParams(plan, 'w'), ...(ticker === undefined ? {} : { ticker }) },
    format: 'JSONEachRow',
  });
  return await result.json<WindowCount>();
}
