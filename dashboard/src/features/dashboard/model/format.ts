import type { Sentiment } from '@core/contracts/stocks';
import type { DetailRange } from '@core/timeWindows';

/** The time-range select, in order; the first is the default. */
export const TIME_RANGE_OPTIONS: ReadonlyArray<{ value: DetailRange; label: string }> = [
  { value: '1hour', label: 'Last 1 hour' },
  { value: '4hours', label: 'Last 4 hours' },
  { value: '24hours', label: 'Last 24 hours' },
  { value: '7days', label: 'Last 7 days' },
  { value: '30days', label: 'Last 30 days' },
];
export const DEFAULT_TIME_RANGE: DetailRange = '1hour';

export function timeRangeLabel(range: DetailRange): string {
  return TIME_RANGE_OPTIONS.find((o) => o.value === range)?.label ?? range;
}

/** A trading day ('YYYY-MM-DD', New York) as "Fri, Nov 20". */
export function sessionDateLabel(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return day.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "up", "down" or "flat" for colouring a change. */
export function changeDirection(value: string | number | null | undefined): 'up' | 'down' | 'flat' {
  const n = value === null || value === undefined || value === '' ? NaN : Number(value);
  if (!Number.isFinite(n)) return 'flat';
  const rounded = Math.round(n * 100) / 100;
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

export const SENTIMENT_LABELS: Record<Sentiment, string> = {
  bullish: 'Bullish',
  bearish: 'Bearish',
  neutral: 'Neutral',
};

/** Bullish green, bearish red, neutral yellow. */
export const SENTIMENT_BADGE_CLASSES: Record<Sentiment, string> = {
  bullish: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  bearish: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  neutral: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-500/15 dark:text-yellow-300',
};

export const SENTIMENT_BAR_CLASSES: Record<Sentiment, string> = {
  bullish: 'bg-emerald-500',
  bearish: 'bg-red-500',
  neutral: 'bg-yellow-400',
};

export const SENTIMENT_BORDER_CLASSES: Record<Sentiment, string> = {
  bullish: 'border-t-emerald-500',
  bearish: 'border-t-red-500',
  neutral: 'border-t-yellow-400',
};
