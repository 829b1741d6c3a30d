import { windowStart } from '../../core/timeWindows';
import type { Warehouse } from '../client';
import { mentionWindowCountsSince } from './mentionWindowCounts';

/**
 * Mentions per ticker (all platforms) in several windows ending now (core/timeWindows: the same minutes the cards
 * count), each counted as mentionWindowCounts counts one (days, hours and edge minutes from the coarsest rollup that
 * holds them). Returns ticker → counts in the order of `windowsMinutes`.
 */
export async function tickerWindowTotals(
  warehouse: Warehouse,
  now: Date,
  windowsMinutes: readonly number[],
): Promise<Map<string, number[]>> {
  const totals = new Map<string, number[]>();
  const counts = await mentionWindowCountsSince(
    warehouse,
    windowsMinutes.map((w) => windowStart(now, w)),
    now,
  );
  for (const [i, rows] of counts.entries()) {
    for (const row of rows) {
      let entry = totals.get(row.ticker);
      if (!entry) totals.set(row.ticker, (entry = windowsMinutes.map(() => 0)));
      entry[i]! += Number(row.mentions);
    }
  }
  return totals;
}
