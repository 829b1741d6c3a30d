import { DAY_MS } from '../timeWindows';

/** The offset of `zone` from UTC at the instant `at` (ms since the epoch): the local wall clock minus UTC, in ms. */
function zoneOffsetMs(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(at / 1000) * 1000;
}

/**
 * When the local calendar day holding `at` began in the IANA time zone `zone`: local midnight, as an instant. Per-day
 * limits count from here, so a user in Tokyo or New York gets a fresh day at their own midnight, not at UTC's.
 */
export function startOfLocalDay(at: Date, zone: string): Date {
  const wallMidnight = Math.floor((at.getTime() + zoneOffsetMs(at.getTime(), zone)) / DAY_MS) * DAY_MS;
  // Midnight's own offset can differ from now's when the clocks changed earlier today: correct the guess once with it.
  const guess = wallMidnight - zoneOffsetMs(at.getTime(), zone);
  return new Date(wallMidnight - zoneOffsetMs(guess, zone));
}
