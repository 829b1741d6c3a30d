import { getHolidays } from 'nyse-holidays';
import { MINUTE_MS, DAY_MS } from '../timeWindows';
import { instantOfWallClock, zonedParts } from '../zonedTime';

/**
 * The US regular session: 9:30 to 16:00 America/New_York on trading days. Full-day closures (New Year, MLK, Presidents,
 * Good Friday, Memorial, Juneteenth, Independence, Labor, Thanksgiving, Christmas, with their observed days) come from the
 * `nyse-holidays` package. It does not list early closes, so the exchange's standing 13:00 rule is kept here (see
 * EARLY_CLOSE_MINUTE).
 */
export const SESSION_OPEN_MINUTE = 9 * 60 + 30;
export const SESSION_CLOSE_MINUTE = 16 * 60;
/** 13:00 New York: the day before Independence Day, the day after Thanksgiving and Christmas Eve, when they trade. */
export const EARLY_CLOSE_MINUTE = 13 * 60;
export const SESSION_MINUTES = SESSION_CLOSE_MINUTE - SESSION_OPEN_MINUTE;

const NEW_YORK = 'America/New_York';

/** A calendar day as a number (days since 1970-01-01), so trading days can be counted and used as seeds. */
export type DayNumber = number;

export function dayNumberOf(year: number, month: number, day: number): DayNumber {
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** 'YYYY-MM-DD' of a day number. */
export const isoDate = (day: DayNumber): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

const weekday = (day: DayNumber) => (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday

const holidaysByYear = new Map<number, Set<string>>();
function isHoliday(day: DayNumber): boolean {
  const year = new Date(day * DAY_MS).getUTCFullYear();
  let holidays = holidaysByYear.get(year);
  if (!holidays) holidaysByYear.set(year, (holidays = new Set(getHolidays(year).map((h) => h.dateString))));
  return holidays.has(isoDate(day));
}

export function isTradingDay(day: DayNumber): boolean {
  const w = weekday(day);
  return w >= 1 && w <= 5 && !isHoliday(day);
}

export function previousTradingDay(day: DayNumber): DayNumber {
  let d = day - 1;
  while (!isTradingDay(d)) d--;
  return d;
}

/** The fourth Thursday of November. */
function thanksgiving(year: number): DayNumber {
  const first = dayNumberOf(year, 11, 1);
  return first + ((4 - weekday(first) + 7) % 7) + 21;
}

/** Minutes from the open to the close of a trading day: 390, or 210 on an early close. */
export function sessionLength(day: DayNumber): number {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  const monthDay = isoDate(day).slice(5);
  const early = monthDay === '07-03' || monthDay === '12-24' || day === thanksgiving(year) + 1;
  return (early ? EARLY_CLOSE_MINUTE : SESSION_CLOSE_MINUTE) - SESSION_OPEN_MINUTE;
}

/** The New York calendar day and minute of the day at an instant (DST included). */
export function newYorkTime(at: Date): { day: DayNumber; minuteOfDay: number } {
  const p = zonedParts(at, NEW_YORK);
  return { day: dayNumberOf(p.year, p.month, p.day), minuteOfDay: p.hour * 60 + p.minute };
}

/** The instant of a New York wall-clock minute on a day (DST included). */
export function newYorkInstant(day: DayNumber, minuteOfDay: number): Date {
  return instantOfWallClock(day * DAY_MS + minuteOfDay * MINUTE_MS, NEW_YORK);
}

/**
 * Milliseconds of regular-session trading between two instants (0 when `to` is not after `from`). Spans longer than
 * `maxDays` calendar days answer Infinity without counting: callers only ask about short gaps.
 */
export function tradingMsBetween(from: Date, to: Date, maxDays = 10): number {
  if (to <= from) return 0;
  if (to.getTime() - from.getTime() > maxDays * DAY_MS) return Infinity;
  let total = 0;
  for (let day = newYorkTime(from).day, last = newYorkTime(to).day; day <= last; day++) {
    if (!isTradingDay(day)) continue;
    const opens = newYorkInstant(day, SESSION_OPEN_MINUTE).getTime();
    const closes = newYorkInstant(day, SESSION_OPEN_MINUTE + sessionLength(day)).getTime();
    total += Math.max(0, Math.min(to.getTime(), closes) - Math.max(from.getTime(), opens));
  }
  return total;
}

export interface SessionPosition {
  /** The session whose prices apply: today's once it has opened, else the last one before. */
  day: DayNumber;
  /** Minutes into that session, 0 to `length` (its close once it is over). */
  minute: number;
  /** Length of that session in minutes (390, or 210 on an early close). */
  length: number;
  /** True while the regular session is trading. */
  open: boolean;
}

/** Where an instant stands relative to the regular session; outside it, prices hold at the last close. */
export function sessionPosition(at: Date): SessionPosition {
  const { day, minuteOfDay } = newYorkTime(at);
  if (isTradingDay(day) && minuteOfDay >= SESSION_OPEN_MINUTE) {
    const length = sessionLength(day);
    const minute = Math.min(length, minuteOfDay - SESSION_OPEN_MINUTE);
    return { day, minute, length, open: minute < length };
  }
  // Before the open, on a weekend or a holiday: the last session before today, at its close.
  const last = previousTradingDay(day);
  const length = sessionLength(last);
  return { day: last, minute: length, length, open: false };
}

export interface Session {
  /** The trading day, 'YYYY-MM-DD' in New York. */
  date: string;
  opensAt: Date;
  closesAt: Date;
  /** True while it is trading. */
  open: boolean;
}

/** The session in progress, or the last one that closed: what a price line shows when the market is closed. */
export function currentOrLastSession(at: Date): Session {
  const position = sessionPosition(at);
  return {
    date: isoDate(position.day),
    opensAt: newYorkInstant(position.day, SESSION_OPEN_MINUTE),
    closesAt: newYorkInstant(position.day, SESSION_OPEN_MINUTE + position.length),
    open: position.open,
  };
}
