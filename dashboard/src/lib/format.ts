/**
 * The one home of number, money, date and time formatting: every figure the UI shows goes through these Intl
 * formatters, in US English (the product's market), so a count always reads "23,108", money "$509.60" and a time one
 * 12-hour clock style ("2:05 PM") on every page. A fixed locale also keeps pre-rendered HTML and the browser identical.
 */
const LOCALE = 'en-US';

const count = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const usd = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const signedPercent = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'always',
});
const date = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTime = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const time = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit', hour12: true });
const timeWithSeconds = new Intl.DateTimeFormat(LOCALE, {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});
const weekday = new Intl.DateTimeFormat(LOCALE, { weekday: 'short' });
const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });

function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A whole count with thousands separators: "23,108". */
export const formatCount = (n: number): string => count.format(n);

/** Dollars with cents: "$509.60", "$1,234.50". */
export const formatMoney = (dollars: number): string => usd.format(dollars);

/** A price such as "$1,234.50"; null when there is no price yet (or it cannot be read). */
export function formatPrice(value: string | number | null | undefined): string | null {
  const n = toNumber(value);
  return n === null ? null : usd.format(n);
}

/**
 * changePercent (already in percent) with its sign, two decimals: "+1.25%", "-0.40%", "+0.00%" (never "-0.00%").
 * Null (no price yet) or an unreadable value gives null.
 */
export function formatChangePercent(value: string | number | null | undefined): string | null {
  const n = toNumber(value);
  if (n === null) return null;
  const rounded = Math.round(n * 100) / 100;
  return signedPercent.format((rounded === 0 ? 0 : rounded) / 100);
}

/** A calendar date such as "Mar 14, 2025", or null when the value is not a date. */
export function formatDate(value: string | number | Date | null | undefined): string | null {
  const d = toDate(value);
  return d && date.format(d);
}

/** A date and time such as "Jan 5, 2026, 2:03 PM", or null. */
export function formatDateTime(value: string | number | Date | null | undefined): string | null {
  const d = toDate(value);
  return d && dateTime.format(d);
}

/** A clock time such as "2:05 PM" (with seconds: "2:05:09 PM"), or null. */
export function formatTime(
  value: string | number | Date | null | undefined,
  options: { seconds?: boolean } = {},
): string | null {
  const d = toDate(value);
  return d && (options.seconds ? timeWithSeconds : time).format(d);
}

/** A short weekday such as "Mon". */
export function formatWeekday(value: string | number | Date): string | null {
  const d = toDate(value);
  return d && weekday.format(d);
}

/** A duration such as "850 ms", "12.4 s" or "3 min 5 s". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 1000) return `${formatCount(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${formatCount(minutes)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** How long ago, in the largest whole unit up to days: "45 seconds ago", "12 minutes ago", "24 hours ago", "3 days ago". */
export function formatAgo(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return relative.format(-seconds, 'second');
  if (seconds < 3_600) return relative.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 2 * 86_400) return relative.format(-Math.floor(seconds / 3_600), 'hour');
  return relative.format(-Math.floor(seconds / 86_400), 'day');
}
