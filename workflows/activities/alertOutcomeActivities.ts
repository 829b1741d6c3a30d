import type { Knex } from 'knex';
import {
  marketTradedBetween,
  OUTCOME_GRACE_MS,
  OUTCOME_HORIZONS,
  priceAt,
  PRICE_LOOKBACK_MS,
  type Tick,
} from '../../core/alertOutcomes';
import type { Warehouse } from '../../warehouse/client';
import { fillAlertOutcomes, openAlertOutcomes, type OutcomeFill } from '../../warehouse/postgres/alertOutcomes';
import { priceTicksBetween } from '../../warehouse/queries/priceTicksBetween';
import { SIMULATED_SOURCE } from '../../domain/prices/simulatedPrices';

const MINUTE = 60_000;
const LAST_HORIZON_MS = OUTCOME_HORIZONS[OUTCOME_HORIZONS.length - 1]! * MINUTE;

export function createAlertOutcomeActivities(deps: { db: Knex; warehouse: Warehouse; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());
  return {
    /**
     * Prices the firings still open from the stored ticks: at the firing, then 15, 30 and 60 minutes after, each once
     * its moment has passed. A moment stays empty when the market traded more than 15 minutes since the last tick before
     * it (no feed), and a later moment when the market did not trade at all since the firing (nothing to measure); an
     * outcome is settled (never read again) once its last moment is past by the grace period. Only empty prices are
     * filled, so it is idempotent.
     */
    async fillAlertOutcomes(): Promise<{ open: number; settled: number }> {
      const now = clock().getTime();
      const open = await openAlertOutcomes(deps.db);
      if (open.length === 0) return { open: 0, settled: 0 };
      // From the first firing on, plus the price standing then (its last earlier tick, a weekend or holiday back at most).
      const from = new Date(Math.min(...open.map((o) => o.firedAt.getTime())));
      const ticks = await priceTicksBetween(
        deps.warehouse,
        [...new Set(open.map((o) => o.ticker))],
        from,
        new Date(now),
        PRICE_LOOKBACK_MS,
      );
      const byTicker = new Map<string, Tick[]>();
      for (const t of ticks) {
        const series = byTicker.get(t.ticker);
        if (series) series.push(t);
        else byTicker.set(t.ticker, [t]);
      }
      const fills: OutcomeFill[] = [];
      for (const o of open) {
        const fired = o.firedAt.getTime();
        const series = byTicker.get(o.ticker) ?? [];
        const [atFire, m15, m30, m60] = OUTCOME_HORIZONS.map((h) => {
          const moment = fired + h * MINUTE;
          if (moment > now || (h > 0 && !marketTradedBetween(fired, moment))) return null;
          return priceAt(series, moment);
        });
        const settled = now > fired + LAST_HORIZON_MS + OUTCOME_GRACE_MS;
        // Nothing found and nothing to close: no write (most passes, for most open outcomes).
        if (!atFire && !m15 && !m30 && !m60 && !settled) continue;
        fills.push({
          id: o.id,
          priceAtFire: atFire?.price ?? null,
          price15m: m15?.price ?? null,
          price30m: m30?.price ?? null,
          price60m: m60?.price ?? null,
          simulated: atFire ? atFire.source === SIMULATED_SOURCE : null,
          settled,
        });
      }
      await fillAlertOutcomes(deps.db, fills);
      const settled = fills.filter((f) => f.settled).length;
      return { open: open.length, settled };
    },
  };
}
