import { type Stock } from '@core/contracts/stocks';
import { DEFAULT_TIME_RANGE } from './format';
import { HOUR_MS, MINUTE_MS, rangeMinutes, detailRanges, type DetailRange } from '@core/timeWindows';

/** The grid's sort control, in the order the select lists them. */
export const STOCK_SORT_OPTIONS = [
  { value: 'trend', label: 'Trend score' },
  { value: 'mentions', label: 'Mentions' },
  { value: 'mentionChange', label: 'Change in mentions' },
  { value: 'priceChange', label: 'Price change' },
  { value: 'sentiment', label: 'Sentiment' },
] as const;
export type StockSort = (typeof STOCK_SORT_OPTIONS)[number]['value'];

/** Trend score is about the last hour (what detection looks at); over longer ranges the most-talked-about lead. */
export const defaultSort = (range: DetailRange): StockSort => (range === '1hour' ? 'trend' : 'mentions');

/**
 * Minimum support: mentions a stock needs in the range before a ratio or score may rank it. Below it, a handful of
 * mentions would make +300%, 100% bullish or a high score by noise alone, so those stocks rank after every stock that
 * has the support (and among themselves by mentions). 10 in an hour, scaled with the square root of the range's length
 * (20 over 4 hours, 49 over a day, 130 over a week, 268 over 30 days), as counting noise grows.
 */
export function minimumSupport(range: DetailRange): number {
  return Math.round(10 * Math.sqrt(rangeMinutes[range] / 60));
}

/** Change in mentions against the window before, in percent; a stock new to the conversation counts as +100% per mention. */
export function mentionChangePercent(stock: Pick<Stock, 'totalMentions' | 'previousMentions'>): number {
  if (stock.previousMentions === 0) return stock.totalMentions * 100;
  return ((stock.totalMentions - stock.previousMentions) / stock.previousMentions) * 100;
}

const changeOf = (s: Stock) => (s.changePercent === null ? -Infinity : Number(s.changePercent));
const keyOf: Record<StockSort, (s: Stock) => number> = {
  trend: (s) => s.trendScore,
  mentions: (s) => s.totalMentions,
  mentionChange: mentionChangePercent,
  priceChange: changeOf,
  sentiment: (s) => s.sentimentScore,
};

/** The stocks in the chosen order, best first: supported stocks first (except by mentions), then the key, then mentions, then ticker. */
export function sortStocks(stocks: readonly Stock[], sort: StockSort, range: DetailRange): Stock[] {
  const support = sort === 'mentions' ? 0 : minimumSupport(range);
  const key = keyOf[sort];
  return [...stocks].sort((a, b) => {
    const supported = Number(b.totalMentions >= support) - Number(a.totalMentions >= support);
    if (supported !== 0) return supported;
    if (a.totalMentions < support) return b.totalMentions - a.totalMentions || a.ticker.localeCompare(b.ticker);
    return key(b) - key(a) || b.totalMentions - a.totalMentions || a.ticker.localeCompare(b.ticker);
  });
}

/** Range and sort as the URL carries them (?range=4hours&sort=mentions); anything unreadable falls back to the defaults. */
export function gridView(params: URLSearchParams): { range: DetailRange; sort: StockSort } {
  const rawRange = params.get('range');
  const range = (detailRanges as readonly string[]).includes(rawRange ?? '')
    ? (rawRange as DetailRange)
    : DEFAULT_TIME_RANGE;
  const rawSort = params.get('sort');
  const sort = STOCK_SORT_OPTIONS.some((o) => o.value === rawSort) ? (rawSort as StockSort) : defaultSort(range);
  return { range, sort };
}

/**
 * "data since <date>" when the range starts before the first mention held (a fresh install, or a range longer than the
 * data kept); null when the range is covered.
 */
export function dataSinceNote(
  range: DetailRange,
  mentionsSince: string | null | undefined,
  now = Date.now(),
): string | null {
  if (!mentionsSince) return null;
  const since = Date.parse(mentionsSince);
  // An hour's slack: the first hour held is whole hours, the range starts at a minute.
  if (!Number.isFinite(since) || since <= now - rangeMinutes[range] * MINUTE_MS + HOUR_MS) return null;
  return `data since ${new Date(since).toLocaleDateString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`;
}
