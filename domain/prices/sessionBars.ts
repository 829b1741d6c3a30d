import { sessionPosition } from '../../core/market/marketHours';
import { DAY_MS } from '../../core/timeWindows';
import type { PriceBar } from './types';

/**
 * How far before the wanted range a history request starts, so the first wanted session's previous close is in the
 * answer (a long weekend with a holiday is four days).
 */
export const PREVIOUS_CLOSE_LOOKBACK_MS = 5 * DAY_MS;

/**
 * A provider's bars (start instant and close, oldest first) as price history: regular-session bars only (the product
 * holds prices at the close outside it, as the simulated walk does), strictly after `from` and up to `to`, each with
 * its change against the previous session's last bar. A bar whose previous session is not in the answer is measured
 * from its own session's first bar.
 */
export function sessionBars(
  ticker: string,
  bars: ReadonlyArray<{ at: Date; close: number }>,
  from: Date,
  to: Date,
): PriceBar[] {
  const out: PriceBar[] = [];
  let day: number | null = null;
  let lastClose: number | null = null;
  let previousClose: number | null = null;
  for (const bar of bars) {
    const position = sessionPosition(bar.at);
    if (!position.open || !(bar.close > 0)) continue;
    if (position.day !== day) {
      previousClose = lastClose ?? bar.close;
      day = position.day;
    }
    lastClose = bar.close;
    if (bar.at <= from || bar.at > to) continue;
    const changePercent = Math.round(((bar.close - previousClose!) / previousClose!) * 10_000) / 100;
    out.push({ ticker, at: bar.at, price: bar.close, changePercent });
  }
  return out;
}
