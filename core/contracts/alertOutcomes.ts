import { z } from 'zod';

/** The moments after a firing whose price is recorded, in minutes (0 is the firing itself). */
export const OUTCOME_HORIZONS = [0, 15, 30, 60] as const;
/** How long after a moment its price may still arrive (the refresh runs every minute) before it is recorded as missing. */
export const OUTCOME_GRACE_MS = 10 * 60_000;

const price = z.number().nullable();

/** GET /api/alerts/outcomes: what the price did after one of the user's alerts fired. */
export const alertOutcomeSchema = z.object({
  id: z.number().int(),
  alertId: z.number().int().nullable(),
  ticker: z.string(),
  kind: z.string(),
  firedAt: z.string(),
  priceAtFire: price,
  /** The price 15, 30 and 60 minutes after the firing; null until that moment has passed, or when no tick was near it. */
  later: z.object({ m15: price, m30: price, m60: price }),
  /** The moves from priceAtFire, in percent. */
  movePercent: z.object({ m15: price, m30: price, m60: price }),
  /** Moments the market did not trade before (a firing at night or on a weekend): not measured, the price cannot have moved. */
  marketClosed: z.object({ m15: z.boolean(), m30: z.boolean(), m60: z.boolean() }),
  /** Whether the prices came from the simulated walk (null while no price is known). */
  simulated: z.boolean().nullable(),
});
export type AlertOutcome = z.infer<typeof alertOutcomeSchema>;

/** GET /api/admin/alert-outcomes: the distribution of the move after an alert, per kind and horizon, over all users. */
export const outcomeDistributionSchema = z.object({
  rows: z.array(
    z.object({
      kind: z.string(),
      horizonMinutes: z.number().int(),
      /** Whether these outcomes' prices were simulated: the simulated and real ones are never pooled. */
      simulated: z.boolean(),
      alerts: z.number().int(),
      medianPercent: z.number(),
      q1Percent: z.number(),
      q3Percent: z.number(),
    }),
  ),
});
export type OutcomeDistribution = z.infer<typeof outcomeDistributionSchema>;
