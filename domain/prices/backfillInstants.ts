import {
  currentOrLastSession,
  isTradingDay,
  newYorkInstant,
  newYorkTime,
  sessionLength,
  SESSION_OPEN_MINUTE,
} from '../../core/market/marketHours';
import { MINUTE_MS } from '../../core/timeWindows';

/** How far back a fresh install's price history reaches: the longest dashboard range. */
export const PRICE_BACKFILL_DAYS = 7;

/**
 * The instants a price history backfill quotes, oldest first, strictly after `from` and before `now`: trading minutes only
 * (a closed market does not move), every 15 minutes in older sessions, every 5 in the session a closed-market price line
 * shows (the current or last one), and every minute in the last hour so the one-hour range is as fine as live ticks.
 * Each session's close is included, so a line ends where the session did.
 */
export function backfillInstants(from: Date, now: Date): Date[] {
  const lastSession = currentOrLastSession(now).opensAt.getTime();
  const instants: Date[] = [];
  for (let day = newYorkTime(from).day; day <= newYorkTime(now).day; day++) {
    if (!isTradingDay(day)) continue;
    const length = sessionLength(day);
    const open = newYorkInstant(day, SESSION_OPEN_MINUTE).getTime();
    for (let m = 0; m <= length; m++) {
      const t = open + m * MINUTE_MS;
      if (t <= from.getTime() || t >= now.getTime()) continue;
      const step = now.getTime() - t <= 60 * MINUTE_MS ? 1 : t >= lastSession ? 5 : 15;
      if (m % step === 0 || m === length) instants.push(new Date(t));
    }
  }
  return instants;
}
