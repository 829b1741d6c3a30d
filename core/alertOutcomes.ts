import { OUTCOME_GRACE_MS, OUTCOME_HORIZONS } from './contracts/alertOutcomes';

export { OUTCOME_GRACE_MS, OUTCOME_HORIZONS };
/** A tick older than this before a moment does not stand for the price at that moment (no feed, or a closed market). */
export const PRICE_STALENESS_MS = 15 * 60_000;

export interface Tick {
  at: number;
  price: number;
  source: string;
}

/** The price at a moment: the last tick at or before it, if that tick is recent enough; ticks are oldest first. */
export function priceAt(ticks: readonly Tick[], at: number): Tick | null {
  let found: Tick | null = null;
  for (const t of ticks) {
    if (t.at > at) break;
    found = t;
  }
  return found && at - found.at <= PRICE_STALENESS_MS ? found : null;
}

/** The move from the price at the firing to a later price, in percent; null when either is unknown. */
export function movePercent(then: number | null, later: number | null): number | null {
  if (then === null || later === null || then === 0) return null;
  return ((later - then) / then) * 100;
}
