import { DAY_MS, HOUR_MS } from './timeWindows';

/**
 * Wall-clock time in an IANA time zone, through Intl (no date library): the one place that turns an instant into a
 * zone's calendar date and time, and a zone's local midnight back into an instant. Used for users' days and quiet
 * hours, the YouTube quota day (Pacific) and the US market calendar (New York).
 */

/** The wall clock of an instant in a zone (month 1–12, hour 0–23). */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// Building a formatter costs far more than using one, and the zones in use are few: one per zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

export function zonedParts(at: number | Date, zone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The offset of `zone` from UTC at the instant `at` (ms since the epoch): the local wall clock minus UTC, in ms. */
export function zoneOffsetMs(at: number, zone: string): number {
  const p = zonedParts(at, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `zone` reads `wallMs` (a wall-clock time written as if it were UTC, ms). The
 * offset is guessed at the wall time itself, then corrected once with the offset at the guess, which covers a clock
 * change between the two.
 */
export function instantOfWallClock(wallMs: number, zone: string): Date {
  const guess = wallMs - zoneOffsetMs(wallMs, zone);
  return new Date(wallMs - zoneOffsetMs(guess, zone));
}

/**
 * When the local calendar day holding `at` began in `zone`: local midnight, as an instant. Per-day limits count from
 * here, so a user in Tokyo or New York gets a fresh day at their own midnight, not at UTC's.
 */
export function startOfLocalDay(at: Date, zone: string): Date {
  return instantOfWallClock(Math.floor((at.getTime() + zoneOffsetMs(at.getTime(), zone)) / DAY_MS) * DAY_MS, zone);
}

/** The next local midnight in `zone` after `at` (local days last 23 to 25 hours). */
export function nextLocalMidnight(at: Date, zone: string): Date {
  return startOfLocalDay(new Date(startOfLocalDay(at, zone).getTime() + DAY_MS + 2 * HOUR_MS), zone);
}
