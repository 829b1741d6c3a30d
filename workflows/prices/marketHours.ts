/** The US regular session: 9:30 to 16:00 America/New_York, Monday to Friday (exchange holidays are not modelled). */
export const SESSION_OPEN_MINUTE = 9 * 60 + 30;
export const SESSION_CLOSE_MINUTE = 16 * 60;
export const SESSION_MINUTES = SESSION_CLOSE_MINUTE - SESSION_OPEN_MINUTE;

const DAY_MS = 86_400_000;
const newYork = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** A calendar day as a number (days since 1970-01-01), so trading days can be counted and used as seeds. */
export type DayNumber = number;

export function isTradingDay(day: DayNumber): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  return weekday >= 1 && weekday <= 5;
}

export function previousTradingDay(day: DayNumber): DayNumber {
  let d = day - 1;
  while (!isTradingDay(d)) d--;
  return d;
}

export function dayNumberOf(year: number, month: number, day: number): DayNumber {
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** The New York calendar day and minute of the day at an instant (DST included). */
export function newYorkTime(at: Date): { day: DayNumber; minuteOfDay: number } {
  const parts: Record<string, number> = {};
  for (const p of newYork.formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { day: dayNumberOf(parts.year!, parts.month!, parts.day!), minuteOfDay: parts.hour! * 60 + parts.minute! };
}

export interface SessionPosition {
  /** The session whose prices apply: today's once it has opened, else the last one before. */
  day: DayNumber;
  /** Minutes into that session, 0 to SESSION_MINUTES (its close once it is over). */
  minute: number;
  /** True while the regular session is trading. */
  open: boolean;
}

/** Where an instant stands relative to the regular session; outside it, prices hold at the last close. */
export function sessionPosition(at: Date): SessionPosition {
  const { day, minuteOfDay } = newYorkTime(at);
  if (isTradingDay(day) && minuteOfDay >= SESSION_OPEN_MINUTE) {
    const minute = Math.min(SESSION_MINUTES, minuteOfDay - SESSION_OPEN_MINUTE);
    return { day, minute, open: minute < SESSION_MINUTES };
  }
  // Before the open, on a weekend: the last session before today, at its close.
  return { day: previousTradingDay(day), minute: SESSION_MINUTES, open: false };
}
