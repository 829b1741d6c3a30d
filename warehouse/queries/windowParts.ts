import { DAY_MS, HOUR_MS, nextWholeHour, startOfHour, startOfMinute } from '../../core/timeWindows';
import type { Warehouse } from '../client';
import { MINUTE_POST_COUNTS } from './mentionCountColumns';

/**
 * How a span of whole minute buckets [fromMs, toMs) is counted, coarsest first, each post in exactly one part:
 * - whole UTC days inside it whose hours are all sealed: mention_day_counts (a few integers per ticker and platform);
 * - its other whole hours: mention_hour_counts when sealed since their last write, the per-mention rows of
 *   mention_minutes otherwise (the current hour, an hour a late or re-labelled mention touched since the last seal);
 * - the minutes before its first and after its last whole hour: the per-mention rows of mention_minutes.
 * A window's cost therefore grows with its length in buckets, not with the mentions it holds.
 */
export interface WindowPlan {
  fromMs: number;
  toMs: number;
  /** Whole hours [hoursFrom, hoursTo); equal when the span holds none. */
  hoursFrom: number;
  hoursTo: number;
  /** Whole days [daysFrom, daysTo) inside the hours; equal when none. */
  daysFrom: number;
  daysTo: number;
  /** Hours (epoch ms) in [hoursFrom, hoursTo) not sealed since their last write, ascending. */
  dirtyHours: number[];
  /** Days (epoch ms) in [daysFrom, daysTo) holding a dirty hour: counted by the hour. */
  dirtyDays: number[];
}

const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const nextWholeDay = (ms: number) => Math.ceil(ms / DAY_MS) * DAY_MS;
/** The Monday (UTC, epoch ms) starting the week `ms` lies in: 1 January 1970 was a Thursday. */
export const mondayOf = (ms: number) => startOfDay(ms) - ((Math.floor(ms / DAY_MS) + 3) % 7) * DAY_MS;
/** The UTC date (YYYY-MM-DD) of an epoch-ms time. */
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The plan of [fromMs, toMs) (minute boundaries) given the dirty hours in it; `days: false` counts whole days by the hour (for hourly series). */
export function planWindow(
  fromMs: number,
  toMs: number,
  dirtyHours: readonly number[],
  options: { days?: boolean } = {},
): WindowPlan {
  const from = startOfMinute(fromMs);
  let hoursFrom = nextWholeHour(from);
  let hoursTo = startOfHour(toMs);
  if (hoursFrom >= hoursTo) hoursFrom = hoursTo = from;
  let daysFrom = nextWholeDay(hoursFrom);
  let daysTo = startOfDay(hoursTo);
  if (daysFrom >= daysTo || options.days === false) daysFrom = daysTo = hoursFrom;
  const dirty = dirtyHours.filter((h) => h >= hoursFrom && h < hoursTo).sort((a, b) => a - b);
  const dirtyDays = [...new Set(dirty.filter((h) => h >= daysFrom && h < daysTo).map(startOfDay))];
  return { fromMs: from, toMs, hoursFrom, hoursTo, daysFrom, daysTo, dirtyHours: dirty, dirtyDays };
}

/** The buckets a plan reads, listed by table: for a query that reads several plans in one pass over each table. */
export interface PlanBuckets {
  /** Mondays (epoch ms) of the weeks read from mention_week_counts (only with `weeks: true`). */
  weeks: number[];
  /** Day starts (epoch ms) read from mention_day_counts. */
  days: number[];
  /** Hour starts read from mention_hour_counts: the whole hours outside the plan's clean days, sealed since their last write. */
  hours: number[];
  /** Hour starts read from the per-mention rows of mention_minutes: the plan's dirty hours. */
  setHours: number[];
  /** Spans [from, to) of minutes read from mention_minutes (only the non-empty ones). */
  minutes: Array<[number, number]>;
}

/**
 * Each part of `plan` as the buckets it reads; every post of the span lies in exactly one of them. With `weeks: true`,
 * the weeks all seven of whose days the plan reads from the day counts are read from the week counts instead (the seal
 * writes a week as the sum of its days).
 */
export function planBuckets(plan: WindowPlan, options: { weeks?: boolean } = {}): PlanBuckets {
  const dirty = new Set(plan.dirtyHours);
  const dirtyDays = new Set(plan.dirtyDays);
  const clean = (d: number) => d >= plan.daysFrom && d < plan.daysTo && !dirtyDays.has(d);
  const weeks: number[] = [];
  const days: number[] = [];
  for (let d = plan.daysFrom; d < plan.daysTo; d += DAY_MS) {
    if (!clean(d)) continue;
    const wholeWeek = options.weeks && d === mondayOf(d) && [1, 2, 3, 4, 5, 6].every((i) => clean(d + i * DAY_MS));
    if (wholeWeek) {
      weeks.push(d);
      d += 6 * DAY_MS;
      continue;
    }
    days.push(d);
  }
  const hours: number[] = [];
  for (let h = plan.hoursFrom; h < plan.hoursTo; h += HOUR_MS) {
    const inCleanDay = h >= plan.daysFrom && h < plan.daysTo && !dirtyDays.has(startOfDay(h));
    if (!dirty.has(h) && !inCleanDay) hours.push(h);
  }
  const minutes = (
    [
      [plan.fromMs, plan.hoursFrom],
      [plan.hoursTo, plan.toMs],
    ] as Array<[number, number]>
  ).filter(([from, to]) => from < to);
  return { weeks, days, hours, setHours: [...plan.dirtyHours], minutes };
}

/** Hours in [fromMs, toMs) written since their last seal (epoch ms, ascending): where counts are read from the per-mention rows. */
export async function dirtyHours(warehouse: Warehouse, fromMs: number, toMs: number): Promise<number[]> {
  const result = await warehouse.query({
    query: `SELECT toUnixTimestamp(hour) AS hour
            FROM mention_hour_seals
            WHERE hour >= toDateTime({from:UInt32}, 'UTC') AND hour < toDateTime({to:UInt32}, 'UTC')
            GROUP BY hour
            HAVING max(touched_at) > max(sealed_at)
            ORDER BY hour`,
    query_params: { from: Math.floor(fromMs / 1000), to: Math.ceil(toMs / 1000) },
    format: 'JSONCompactEachRow',
  });
  return (await result.json<[number]>()).map(([hour]) => hour * 1000);
}

/** Reads the dirty hours of [fromMs, toMs) and plans it. */
export async function readWindowPlan(
  warehouse: Warehouse,
  fromMs: number,
  toMs: number,
  options: { days?: boolean } = {},
): Promise<WindowPlan> {
  return planWindow(fromMs, toMs, await dirtyHours(warehouse, startOfHour(fromMs), toMs + HOUR_MS), options);
}

/** Query parameters of windowPartsSql for `plan`, named with `p` (so several plans can share one query). */
export function windowPartsParams(plan: WindowPlan, p: string): Record<string, unknown> {
  const s = (ms: number) => Math.floor(ms / 1000);
  return {
    [`${p}_from`]: s(plan.fromMs),
    [`${p}_to`]: s(plan.toMs),
    [`${p}_hf`]: s(plan.hoursFrom),
    [`${p}_ht`]: s(plan.hoursTo),
    [`${p}_df`]: s(plan.daysFrom),
    [`${p}_dt`]: s(plan.daysTo),
    [`${p}_dirty`]: plan.dirtyHours.map(s),
    [`${p}_dirtyDays`]: plan.dirtyDays.map(s),
    [`${p}_dirtyDates`]: plan.dirtyDays.map(isoDate),
  };
}

/**
 * One SELECT (UNION ALL of the plan's parts) yielding `ticker, platform, t, m, b, br`: t is the part's bucket start
 * (UInt32 seconds: the day, hour or minute), m, b and br its distinct mentions, bullish and bearish ones. Sum them per
 * ticker (and platform, or per bucket) for the window's counts. `tickerFilter` is an extra condition on `ticker`
 * (e.g. `ticker = {ticker:String}`); `p` names the parameters (windowPartsParams).
 */
export function windowPartsSql(plan: WindowPlan, p: string, tickerFilter = '1'): string {
  const dt = (name: string) => `toDateTime({${p}_${name}:UInt32}, 'UTC')`;
  const parts: string[] = [];
  if (plan.daysFrom < plan.daysTo) {
    parts.push(`SELECT ticker, platform, toUInt32(toDateTime(day, 'UTC')) AS t, mentions AS m, bullish AS b, bearish AS br
                FROM mention_day_counts FINAL
                WHERE ${tickerFilter} AND day >= toDate(${dt('df')}) AND day < toDate(${dt('dt')})
                  AND NOT has({${p}_dirtyDays:Array(UInt32)}, toUInt32(toDateTime(day, 'UTC')))`);
  }
  if (plan.hoursFrom < plan.hoursTo) {
    const inCleanDay =
      plan.daysFrom < plan.daysTo
        ? `(hour >= ${dt('df')} AND hour < ${dt('dt')} AND NOT has({${p}_dirtyDays:Array(UInt32)}, toUInt32(toDateTime(toDate(hour), 'UTC'))))`
        : '0';
    // The sort key's first column is toDate(hour), and ClickHouse does not carry a condition on \`hour\` over to it: the
    // day ranges are spelt out so that only the days the hours lie on are read (the edge days and the dirty ones when
    // whole days come from the day counts), not every day of the month's part.
    const hourDays =
      plan.daysFrom < plan.daysTo
        ? `((toDate(hour) >= toDate(${dt('hf')}) AND toDate(hour) < toDate(${dt('df')}))
              OR (toDate(hour) >= toDate(${dt('dt')}) AND toDate(hour) <= toDate(${dt('ht')}))
              OR has({${p}_dirtyDates:Array(Date)}, toDate(hour)))`
        : `toDate(hour) >= toDate(${dt('hf')}) AND toDate(hour) <= toDate(${dt('ht')})`;
    parts.push(`SELECT ticker, platform, toUInt32(hour) AS t, mentions AS m, bullish AS b, bearish AS br
                FROM mention_hour_counts FINAL
                WHERE ${tickerFilter} AND ${hourDays} AND hour >= ${dt('hf')} AND hour < ${dt('ht')}
                  AND NOT has({${p}_dirty:Array(UInt32)}, toUInt32(hour)) AND NOT ${inCleanDay}`);
    if (plan.dirtyHours.length > 0) {
      // toStartOfHour(minute) is mention_minutes' first sort-key column: only the dirty hours' rows are read.
      parts.push(`SELECT ticker, platform, toUInt32(toStartOfHour(minute)) AS t, ${MINUTE_POST_COUNTS}
                  FROM mention_minutes
                  WHERE ${tickerFilter} AND has({${p}_dirty:Array(UInt32)}, toUInt32(toStartOfHour(minute)))
                  GROUP BY ticker, platform, t`);
    }
  }
  // The minutes before the first whole hour and after the last (all of them when the span holds no whole hour); the
  // hour ranges select the sort key's first column, toStartOfHour(minute), as the day ranges do above.
  parts.push(`SELECT ticker, platform, toUInt32(minute) AS t, ${MINUTE_POST_COUNTS}
              FROM mention_minutes
              WHERE ${tickerFilter}
                AND ((toStartOfHour(minute) >= toStartOfHour(${dt('from')}) AND toStartOfHour(minute) <= toStartOfHour(${dt('hf')})
                      AND minute >= ${dt('from')} AND minute < ${dt('hf')})
                  OR (toStartOfHour(minute) >= toStartOfHour(${dt('ht')}) AND toStartOfHour(minute) <= toStartOfHour(${dt('to')})
                      AND minute >= ${dt('ht')} AND minute < ${dt('to')}))
              GROUP BY ticker, platform, minute`);
  return parts.join('\n UNION ALL \n');
}
