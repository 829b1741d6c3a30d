import { zonedParts } from '../zonedTime';

/** Quiet hours: a daily span of local time ("22:00" to "07:00" wraps past midnight) in the user's IANA time zone. */

/** Whether `zone` is an IANA time zone name this runtime knows (Intl refuses unknown names). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The local time of day at `at` in `zone`, in minutes after midnight. */
export function localMinuteOfDay(at: Date, zone: string): number {
  const { hour, minute } = zonedParts(at, zone);
  return hour * 60 + minute;
}

/** Whether `at` falls in the quiet hours [start, end) in `zone`; no quiet hours set means never. */
export function inQuietHours(at: Date, zone: string, start: string | null, end: string | null): boolean {
  if (start === null || end === null) return false;
  const t = localMinuteOfDay(at, zone);
  const s = minutesOf(start);
  const e = minutesOf(end);
  return s < e ? t >= s && t < e : t >= s || t < e;
}
