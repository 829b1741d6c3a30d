import { isoDate, isTradingDay, newYorkTime } from '../../core/market/marketHours';
import { DAY_MS } from '../../core/timeWindows';
import { PRICE_BACKFILL_DAYS } from './backfillInstants';
import type { Quote } from './types';

/** Postgres stocks.price is decimal(10,2) and change_percent decimal(5,2): values are rounded and clamped to fit. */
export const MAX_PRICE = 99_999_999.99;
export const MAX_CHANGE_PERCENT = 999.99;

const round2 = (n: number) => Math.round(n * 100) / 100;
export const clampPrice = (price: number) => Math.min(MAX_PRICE, Math.max(0, round2(price)));
export const clampChangePercent = (percent: number) =>
  Math.min(MAX_CHANGE_PERCENT, Math.max(-MAX_CHANGE_PERCENT, round2(percent)));

/**
 * The quotes whose price moved from the stored one (as stored: rounded and clamped), the only ones written as ticks, so
 * a closed market writes none. A stock without a stored price has moved.
 */
export function movedQuotes(previous: ReadonlyMap<string, number | null>, quotes: readonly Quote[]): Quote[] {
  return quotes.filter((q) => previous.get(q.ticker) !== clampPrice(q.price));
}

/** The New York trading days of the history window ending at `now` (today included), as ISO dates: the split days to check. */
export function historyTradingDays(now: Date): string[] {
  const days: string[] = [];
  for (
    let day = newYorkTime(new Date(now.getTime() - PRICE_BACKFILL_DAYS * DAY_MS)).day;
    day <= newYorkTime(now).day;
    day++
  )
    if (isTradingDay(day)) days.push(isoDate(day));
  return days;
}
