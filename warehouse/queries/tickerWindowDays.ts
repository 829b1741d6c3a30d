import { DAY_MS, HOUR_MS, MINUTE_MS, nextWholeHour, startOfHour } from '../../core/timeWindows';
import type { Warehouse } from '../client';
import { MINUTE_POST_COUNTS } from './mentionCountColumns';
import { readWindowPlan, windowPartsParams, windowPartsSql } from './windowParts';

/** Distinct mentions of one ticker in one window, all platforms, with how many of them were bullish and bearish. */
export interface IntervalCount {
  mentions: number;
  bullish: number;
  bearish: number;
}

/** A trailing window of `minutes` minute buckets ending at `endMs`, and the same window on each of the `days` days before. */
export interface WindowDays {
  minutes: number;
  days: number;
}

/** The hour starts in [fromMs, toMs) (both on hour boundaries). */
function hoursIn(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let h = fromMs; h < toMs; h += HOUR_MS) out.push(h);
  return out;
}

/**
 * Mentions per ticker in trailing windows ending at `endMs` (a minute boundary), and in the same windows shifted back
 * by whole days (a spike's baseline: the same time of day), all in one read for every ticker. Each window is counted
 * exactly: the whole hours inside it from the sealed hourly counts (per-mention rows for hours still changing), the minutes before and after them from the per-minute
 * rollups (every post lies in one minute and one hour). A row is placed by arithmetic, not by testing it against every
 * window: its distance back from `endMs` gives the day it falls in and its offset into that day, which tells which of
 * the (at most 1-day) windows it lies in, so a week of baselines costs little more than the windows themselves.
 * Returns ticker → window (in the order given) → day back (0 = now) → counts; a ticker with no mention is absent.
 */
export async function tickerWindowDays(
  warehouse: Warehouse,
  endMs: number,
  windows: readonly WindowDays[],
): Promise<Map<string, IntervalCount[][]>> {
  const out = new Map<string, IntervalCount[][]>();
  if (windows.length === 0) return out;
  if (windows.some((w) => w.minutes * MINUTE_MS > DAY_MS))
    throw new Error('tickerWindowDays counts windows of at most one day');
  // The hours whose minutes are read: those a window's leading or trailing partial hour lies in, on every day counted.
  const minuteHours = new Set<number>();
  for (const w of windows) {
    for (let d = 0; d <= w.days; d++) {
      const to = endMs - d * DAY_MS;
      const from = to - w.minutes * MINUTE_MS;
      const [hourFrom, hourTo] = [nextWholeHour(from), startOfHour(to)];
      if (hourFrom >= hourTo) hoursIn(startOfHour(from), to).forEach((h) => minuteHours.add(h));
      else [...hoursIn(startOfHour(from), hourFrom), ...hoursIn(hourTo, to)].forEach((h) => minuteHours.add(h));
    }
  }
  const oldest = endMs - Math.max(...windows.map((w) => w.days * DAY_MS + w.minutes * MINUTE_MS));
  // The whole hours between: sealed counts, or the per-mention rows for hours still changing.
  const hours = await readWindowPlan(warehouse, nextWholeHour(oldest), startOfHour(endMs), { days: false });
  const result = await warehouse.query({
    query: `SELECT ticker, w, d, sum(m) AS mentions, sum(b) AS bullish, sum(br) AS bearish
            FROM (
              SELECT ticker, src, m, b, br,
                     intDiv(toInt64({end:UInt32}) - t - 1, 86400) AS d,
                     toInt64({end:UInt32}) - t - d * 86400 AS o,
                     toInt64({end:UInt32}) - h - d * 86400 AS oh,
                     arrayJoin(arrayFilter(i ->
                       d <= {days:Array(UInt32)}[i]
                       AND if(src = 'h',
                              oh >= 3600 AND oh <= {seconds:Array(UInt32)}[i],
                              o <= {seconds:Array(UInt32)}[i] AND NOT (oh >= 3600 AND oh <= {seconds:Array(UInt32)}[i])),
                       range(1, length({seconds:Array(UInt32)}) + 1))) AS w
              FROM (
                SELECT ticker, 'h' AS src, toInt64(hour_start) AS t, t AS h, hm AS m, hb AS b, hbr AS br
                FROM (SELECT ticker, t AS hour_start, m AS hm, b AS hb, br AS hbr FROM (${windowPartsSql(hours, 'hp')}))
                UNION ALL
                SELECT ticker, 'm' AS src, toInt64(toUInt32(minute)) AS t, toInt64(toUInt32(toStartOfHour(minute))) AS h, ${MINUTE_POST_COUNTS}
                FROM mention_minutes
                WHERE has({minuteHourTimes:Array(DateTime('UTC'))}, toStartOfHour(minute))
                  AND minute >= toDateTime({oldest:UInt32}, 'UTC') AND minute < toDateTime({end:UInt32}, 'UTC')
                GROUP BY ticker, platform, minute
              )
            )
            GROUP BY ticker, w, d`,
    query_params: {
      end: endMs / 1000,
      oldest: oldest / 1000,
      seconds: windows.map((w) => w.minutes * 60),
      days: windows.map((w) => w.days),
      // Typed as the sort key's first column (toStartOfHour(minute)), so that only those hours' rows are read.
      minuteHourTimes: [...minuteHours].map((ms) => ms / 1000),
      ...windowPartsParams(hours, 'hp'),
    },
    format: 'JSONEachRow',
  });
  const empty = () =>
    windows.map((w) =>
      Array.from({ length: w.days + 1 }, (): IntervalCount => ({ mentions: 0, bullish: 0, bearish: 0 })),
    );
  for (const row of await result.json<{
    ticker: string;
    w: number;
    d: number;
    mentions: number | string;
    bullish: number | string;
    bearish: number | string;
  }>()) {
    const counts = out.get(row.ticker) ?? empty();
    out.set(row.ticker, counts);
    counts[Number(row.w) - 1]![Number(row.d)] = {
      mentions: Number(row.mentions),
      bullish: Number(row.bullish),
      bearish: Number(row.bearish),
    };
  }
  return out;
}
