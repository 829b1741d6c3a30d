import { marketTradedBetween, OUTCOME_GRACE_MS, OUTCOME_HORIZONS, priceAt, type Tick } from '../../core/alertOutcomes';
import { MINUTE_MS } from '../../core/timeWindows';
import type { OpenOutcome, OutcomeFill } from '../../warehouse/postgres/alertOutcomes';
import { SIMULATED_SOURCE } from '../prices/simulatedPrices';

const LAST_HORIZON_MS = OUTCOME_HORIZONS[OUTCOME_HORIZONS.length - 1]! * MINUTE_MS;

/**
 * What one open firing's outcome gets from its ticker's ticks (oldest first) at `now`: the price at the firing, then 15,
 * 30 and 60 minutes after, each once its moment has passed. A moment stays empty when the market traded more than 15
 * minutes since the last tick before it (no feed), and a later moment when the market did not trade at all since the
 * firing (nothing to measure). The outcome is settled (never read again) once its last moment is past by the grace
 * period. Null when there is nothing to write (nothing found, nothing to close).
 */
export function outcomeFill(open: OpenOutcome, series: readonly Tick[], now: number): OutcomeFill | null {
  const fired = open.firedAt.getTime();
  const [atFire, m15, m30, m60] = OUTCOME_HORIZONS.map((h) => {
    const moment = fired + h * MINUTE_MS;
    if (moment > now || (h > 0 && !marketTradedBetween(fired, moment))) return null;
    return priceAt(series, moment);
  });
  const settled = now > fired + LAST_HORIZON_MS + OUTCOME_GRACE_MS;
  if (!atFire && !m15 && !m30 && !m60 && !settled) return null;
  return {
    id: open.id,
    priceAtFire: atFire?.price ?? null,
    price15m: m15?.price ?? null,
    price30m: m30?.price ?? null,
    price60m: m60?.price ?? null,
    simulated: atFire ? atFire.source === SIMULATED_SOURCE : null,
    settled,
  };
}
