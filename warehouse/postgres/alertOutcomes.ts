import type { Knex } from 'knex';
import { marketTradedBetween, movePercent } from '../../core/alertOutcomes';
import type { AlertOutcome, OutcomeDistribution } from '../../core/contracts/alertOutcomes';

/** One firing to follow: recorded with the crossing, priced later. */
export interface AlertFiring {
  firingKey: string;
  userId: string;
  alertId: number;
  ticker: string;
  kind: string;
  firedAt: Date;
}

/** Records firings to follow, once per firing key (a retried evaluation records nothing new). */
export async function recordAlertFirings(db: Knex, firings: AlertFiring[]): Promise<void> {
  if (firings.length === 0) return;
  await db('alert_outcomes')
    .insert(
      firings.map((f) => ({
        firing_key: f.firingKey,
        user_id: f.userId,
        alert_id: f.alertId,
        ticker: f.ticker,
        kind: f.kind,
        fired_at: f.firedAt,
      })),
    )
    .onConflict('firing_key')
    .ignore();
}

export interface OpenOutcome {
  id: number;
  ticker: string;
  firedAt: Date;
}

/** Outcomes still waiting for a price, oldest first. */
export async function openAlertOutcomes(db: Knex, limit = 5000): Promise<OpenOutcome[]> {
  const rows = await db('alert_outcomes')
    .whereNull('settled_at')
    .orderBy('fired_at')
    .limit(limit)
    .select<Array<{ id: number; ticker: string; fired_at: Date }>>('id', 'ticker', 'fired_at');
  return rows.map((r) => ({ id: Number(r.id), ticker: r.ticker, firedAt: r.fired_at }));
}

export interface OutcomeFill {
  id: number;
  priceAtFire: number | null;
  price15m: number | null;
  price30m: number | null;
  price60m: number | null;
  simulated: boolean | null;
  settled: boolean;
}

/** Fills the prices found, in one statement; a price already recorded is never replaced, so repeating a fill changes nothing. */
export async function fillAlertOutcomes(db: Knex, fills: OutcomeFill[]): Promise<void> {
  if (fills.length === 0) return;
  await db.raw(
    `UPDATE alert_outcomes o SET
       price_at_fire = coalesce(o.price_at_fire, f."priceAtFire"), price_15m = coalesce(o.price_15m, f."price15m"),
       price_30m = coalesce(o.price_30m, f."price30m"), price_60m = coalesce(o.price_60m, f."price60m"),
       simulated = coalesce(o.simulated, f.simulated), settled_at = CASE WHEN f.settled THEN coalesce(o.settled_at, now()) END
     FROM jsonb_to_recordset(?::jsonb) AS f(id bigint, "priceAtFire" numeric, "price15m" numeric, "price30m" numeric, "price60m" numeric, simulated boolean, settled boolean)
     WHERE o.id = f.id`,
    [JSON.stringify(fills)],
  );
}

interface OutcomeRow {
  id: number;
  alert_id: number | null;
  ticker: string;
  kind: string;
  fired_at: Date;
  price_at_fire: string | null;
  price_15m: string | null;
  price_30m: string | null;
  price_60m: string | null;
  simulated: boolean | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** Where a page of outcomes ends: the next page holds the firings before it. */
export interface OutcomePosition {
  firedAt: Date;
  id: number;
}

/**
 * The user's latest firings with what the price did after them, newest first; all of them without a limit (Download
 * My Data); with `before`, the ones after that position in this order (the next page).
 */
export async function listUserAlertOutcomes(
  db: Knex,
  userId: string,
  limit?: number,
  before?: OutcomePosition,
): Promise<AlertOutcome[]> {
  const rows = await db('alert_outcomes')
    .where({ user_id: userId })
    .modify((q) => {
      if (before) void q.whereRaw('(fired_at, id) < (?, ?)', [before.firedAt, before.id]);
    })
    .orderBy([
      { column: 'fired_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .modify((q) => {
      if (limit !== undefined) void q.limit(limit);
    })
    .select<OutcomeRow[]>(
      'id',
      'alert_id',
      'ticker',
      'kind',
      'fired_at',
      'price_at_fire',
      'price_15m',
      'price_30m',
      'price_60m',
      'simulated',
    );
  return rows.map((r) => {
    const then = num(r.price_at_fire);
    const later = { m15: num(r.price_15m), m30: num(r.price_30m), m60: num(r.price_60m) };
    const fired = r.fired_at.getTime();
    const closedFor = (minutes: number) => !marketTradedBetween(fired, fired + minutes * 60_000);
    return {
      id: Number(r.id),
      alertId: r.alert_id,
      ticker: r.ticker,
      kind: r.kind,
      firedAt: r.fired_at.toISOString(),
      priceAtFire: then,
      later,
      movePercent: {
        m15: movePercent(then, later.m15),
        m30: movePercent(then, later.m30),
        m60: movePercent(then, later.m60),
      },
      marketClosed: { m15: closedFor(15), m30: closedFor(30), m60: closedFor(60) },
      simulated: r.simulated,
    };
  });
}

/**
 * Over every firing with both prices known: the median and quartiles of the move (percent) 15, 30 and 60 minutes
 * after, per alert kind, with simulated and real prices kept apart.
 */
export async function alertOutcomeDistribution(db: Knex): Promise<OutcomeDistribution> {
  const result = await db.raw<{
    rows: Array<{
      kind: string;
      horizon: number;
      simulated: boolean;
      alerts: number;
      median: number;
      q1: number;
      q3: number;
    }>;
  }>(`
    WITH moves AS (
      SELECT o.kind, o.simulated, h.horizon, (h.later - o.price_at_fire) / o.price_at_fire * 100 AS move
      FROM alert_outcomes o
      CROSS JOIN LATERAL (VALUES (15, o.price_15m), (30, o.price_30m), (60, o.price_60m)) AS h(horizon, later)
      WHERE o.price_at_fire > 0 AND h.later IS NOT NULL AND o.simulated IS NOT NULL)
    SELECT kind, horizon, simulated, count(*)::int AS alerts,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY move)::float8 AS median,
           percentile_cont(0.25) WITHIN GROUP (ORDER BY move)::float8 AS q1,
           percentile_cont(0.75) WITHIN GROUP (ORDER BY move)::float8 AS q3
    FROM moves GROUP BY kind, horizon, simulated ORDER BY kind, simulated, horizon`);
  return {
    rows: result.rows.map((r) => ({
      kind: r.kind,
      horizonMinutes: r.horizon,
      simulated: r.simulated,
      alerts: r.alerts,
      medianPercent: r.median,
      q1Percent: r.q1,
      q3Percent: r.q3,
    })),
  };
}
