import { PRICE_LOOKBACK_MS, type Tick } from '../../core/alertOutcomes';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { fillAlertOutcomes as writeOutcomeFills, openAlertOutcomes } from '../../warehouse/postgres/alertOutcomes';
import { priceTicksBetween } from '../../warehouse/queries/priceTicksBetween';
import { outcomeFill } from './outcomeFill';

/**
 * Prices the firings still open from the stored ticks (each outcome as outcomeFill decides). Only empty prices are
 * filled, so it is idempotent; most passes write nothing for most open outcomes.
 */
export async function fillAlertOutcomes(
  deps: { db: Database; warehouse: Warehouse },
  now: Date,
): Promise<{ open: number; settled: number }> {
  const open = await openAlertOutcomes(deps.db);
  if (open.length === 0) return { open: 0, settled: 0 };
  // From the first firing on, plus the price standing then (its last earlier tick, a weekend or holiday back at most).
  const from = new Date(Math.min(...open.map((o) => o.firedAt.getTime())));
  const ticks = await priceTicksBetween(
    deps.warehouse,
    [...new Set(open.map((o) => o.ticker))],
    from,
    now,
    PRICE_LOOKBACK_MS,
  );
  const byTicker = new Map<string, Tick[]>();
  for (const t of ticks) {
    const series = byTicker.get(t.ticker);
    if (series) series.push(t);
    else byTicker.set(t.ticker, [t]);
  }
  const fills = open.flatMap((o) => outcomeFill(o, byTicker.get(o.ticker) ?? [], now.getTime()) ?? []);
  await writeOutcomeFills(deps.db, fills);
  return { open: open.length, settled: fills.filter((f) => f.settled).length };
}
