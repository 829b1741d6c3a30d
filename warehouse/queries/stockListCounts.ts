import { platforms, type Platform } from '../../core/platforms';
import { nextWholeHour, startOfHour } from '../../core/timeWindows';
import type { Warehouse } from '../client';
import { AHEAD_MS } from './mentionWindowCounts';
import { dirtyHours, planWindow, windowPartsParams, windowPartsSql } from './windowParts';

/** One ticker's mentions in a window and in the window of the same length just before it. */
export interface StockListCount {
  ticker: string;
  /** Distinct mentions in the window, every platform (those outside core/platforms included). */
  mentions: number;
  perPlatform: Record<Platform, number>;
  bullish: number;
  bearish: number;
  /** Distinct mentions in the window of the same length just before it. */
  previous: number;
}

/**
 * Per ticker, the window [since, now] (mentions stamped up to a week ahead of `now` included, as mentionWindowCounts
 * counts it) summed over its platforms, and the mentions of the `lengthMs` before `since`: every ticker with a mention
 * in either, one row each, in one query.
 *
 * The previous window is counted as "[since − length, the hour `since` falls in) minus the window's own leading minutes
 * up to that hour": it then ends on an hour (no trailing minute sets to merge) and its whole hours and days come from
 * the sealed counts, so the two windows cost about twice one window. Reading "twice as far back" and subtracting the
 * window (three windows' worth) gives the same figure: both subtract the very minute rows the window reads.
 */
export async function stockListCounts(
  warehouse: Warehouse,
  since: Date,
  lengthMs: number,
  now: Date = new Date(),
): Promise<StockListCount[]> {
  const from = since.getTime();
  const edge = nextWholeHour(from);
  const to = startOfHour(Math.max(+now, from)) + AHEAD_MS;
  const dirty = await dirtyHours(warehouse, startOfHour(from - lengthMs), to);
  const window = planWindow(from, to, dirty);
  const before = planWindow(from - lengthMs, edge, dirty);
  const result = await warehouse.query({
    query: `SELECT ticker,
                   sumIf(m, w = 0) AS mentions,
                   sumIf(b, w = 0) AS bullish,
                   sumIf(br, w = 0) AS bearish,
                   toInt64(sumIf(m, w = 1)) - toInt64(sumIf(m, w = 0 AND t < {edge:UInt32})) AS previous,
                   ${platforms.map((_, i) => `sumIf(m, w = 0 AND platform = {platform${i}:String})`).join(', ')}
            FROM (
              SELECT ticker, platform, t, m, b, br, 0 AS w FROM (${windowPartsSql(window, 'w')})
              UNION ALL
              SELECT ticker, platform, t, m, b, br, 1 AS w FROM (${windowPartsSql(before, 'p')})
            )
            GROUP BY ticker
            HAVING mentions > 0 OR previous != 0`,
    query_params: {
      ...windowPartsParams(window, 'w'),
      ...windowPartsParams(before, 'p'),
      ...Object.fromEntries(platforms.map((p, i) => [`platform${i}`, p])),
      edge: Math.floor(edge / 1000),
    },
    format: 'JSONCompactEachRow',
  });
  // ticker, mentions, bullish, bearish, previous, then one column per platform (one sumIf each: cheaper than an
  // array of sums per row).
  const rows = await result.json<[string, ...number[]]>();
  return rows.map(([ticker, mentions, bullish, bearish, previous, ...counts]) => {
    const perPlatform = {} as Record<Platform, number>;
    for (let i = 0; i < platforms.length; i++) perPlatform[platforms[i]!] = Number(counts[i]);
    return {
      ticker,
      mentions: Number(mentions),
      perPlatform,
      bullish: Number(bullish),
      bearish: Number(bearish),
      previous: Number(previous),
    };
  });
}
