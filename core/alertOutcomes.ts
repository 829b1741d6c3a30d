import { OUTCOME_GRACE_MS, OUTCOME_HORIZONS } from './contracts/alertOutcomes';
import { tradingMsBetween } from './market/marketHours';

export { OUTCOME_GRACE_MS, OUTCOME_HORIZONS };
/**
 * A tick stands for the price at a later moment while the market has traded at most this long in between. Ticks are
 * written only when a price moves, so while the market is closed the last one (the close) stays the price; a longer
 * silence during trading means no feed, and the moment stays unpriced.
 */
export const PRICE_STALENESS_MS = 15 * 60_000;
/** How far back a tick is looked for: a long weekend and a holiday fit. */
export const PRICE_LOOKBACK_MS = 5 * 24 * 60 * 60_000;

export interface Tick {
  at: number;
  price: number;
  source: string;
}

/** The price at a moment: the last tick at or before it, if the market traded at most PRICE_STALENESS_MS since; ticks are oldest first. */
export function priceAt(ticks: readonly Tick[], at: number): Tick | null {
  let found: Tick | null = null;
  for (const t of ticks) {
    if (t.at > at) break;
    found = t;
  }
  if (!found) return null;
  if (at - found.at <= PRICE_STALENESS_MS) return found;
  return at - found.at <= PRICE_LOOKBACK_MS && tradingMsBetween(new Date(found.at), new Date(at)) <= PRICE_STALENESS_MS
    ? found
    : null;
}

/**
 * Whether the market traded at all between a firing and a later moment. When it did not (a firing at night or on a
 * weekend), the price cannot have moved, so that moment is not measured: it would only add zeros to the distribution.
 */
export const marketTradedBetween = (from: number, to: number): boolean =>
  tradingMsBetween(new Date(from), new Date(to)) > 0;

/** The move from the price at the firing to a later price, in percent; null when either is unknown. */
export function movePercent(then: number | null, later: number | null): number | null {
  if (then === null || later === null || then === 0) return null;
  return ((later - then) / then) * 100;
}
