/**
 * Time as the product counts it: mentions are rolled up per minute, per hour and per day (UTC), and "the last N minutes" is a
 * number of whole minute buckets ending with the current one. Cards, alerts, trends and digests all ask windowStart,
 * so a one-hour alert counts exactly the 60 minutes the one-hour card shows.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
export const MINUTES_PER_30_DAYS = 30 * MINUTES_PER_DAY;

/** The dashboard's time-range select: the mention window of cards and sparklines, and the detail chart's span. */
export const timeRanges = ['1hour', '4hours', '24hours', '7days'] as const;
export type TimeRange = (typeof timeRanges)[number];
/** The ranges a detail view (one ticker's history) and the stock list can be asked for: the select's and 30 days. */
export const detailRanges = [...timeRanges, '30days'] as const;
export type DetailRange = (typeof detailRanges)[number];
export const rangeMinutes: Record<DetailRange, number> = {
  '1hour': MINUTES_PER_HOUR,
  '4hours': 4 * MINUTES_PER_HOUR,
  '24hours': MINUTES_PER_DAY,
  '7days': MINUTES_PER_WEEK,
  '30days': MINUTES_PER_30_DAYS,
};

/** The start (epoch ms) of the minute bucket `at` falls in. */
export const startOfMinute = (at: Date | number): number => Math.floor(+at / MINUTE_MS) * MINUTE_MS;

/** The start (epoch ms) of the hour bucket `at` falls in. */
export const startOfHour = (at: Date | number): number => Math.floor(+at / HOUR_MS) * HOUR_MS;

/** The first hour bucket that starts at or after `at`: where a window's leading partial hour ends. */
export const nextWholeHour = (at: Date | number): number => Math.ceil(+at / HOUR_MS) * HOUR_MS;

/**
 * The first minute bucket of the last `minutes` minutes at `now`: the window is `minutes` whole buckets, the current
 * (still filling) minute included, so its start is `minutes - 1` buckets before the current one.
 */
export function windowStart(now: Date | number, minutes: number): Date {
  return new Date(startOfMinute(now) - (minutes - 1) * MINUTE_MS);
}
