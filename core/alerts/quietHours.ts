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
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** Whether `at` falls in the quiet hours [start, end) in `zone`; no quiet hours set means never. */
export function inQuietHours(at: Date, zone: string, start: string | null, end: string | null): boolean {
  if (start === null || end === null) return false;
  const t = localMinuteOfDay(at, zone);
  const s = minutesOf(start);
  const e = minutesOf(end);
  return s < e ? t >= s && t < e : t >= s || t < e;
}
