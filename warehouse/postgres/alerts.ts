import type { AlertKind, AlertParams, TrendScope } from '../../core/contracts/alerts';
import type { WebhookFormat } from '../../core/contracts/webhooks';
import type { Majority } from '../../core/alerts/alertRules';
import type { Database } from '../../platform/database';

/** Every Postgres read and write of alerts and their crossing state. */

/** An alert as its owner sees it, with its stock's ticker and name (null when it names no stock). */
export interface AlertRow {
  id: number;
  user_id: string;
  kind: AlertKind;
  stock_id: number | null;
  mention_threshold: number | null;
  spike_factor: number | null;
  min_mentions: number | null;
  trend_scope: TrendScope | null;
  window_minutes: number;
  email_enabled: boolean;
  sms_enabled: boolean;
  is_active: boolean;
  created_at: Date;
  last_triggered_at: Date | null;
  ticker: string | null;
  name: string | null;
  /** The alert's own webhook target (null: the account's targets). */
  webhook_url: string | null;
  webhook_format: WebhookFormat | null;
}

const ALERT_COLUMNS = [
  'a.id',
  'a.user_id',
  'a.kind',
  'a.stock_id',
  'a.mention_threshold',
  'a.spike_factor',
  'a.min_mentions',
  'a.trend_scope',
  'a.window_minutes',
  'a.email_enabled',
  'a.sms_enabled',
  'a.is_active',
  'a.created_at',
  'a.last_triggered_at',
  's.ticker',
  's.name',
  'w.url as webhook_url',
  'w.format as webhook_format',
];

/** NUMERIC arrives as a string; the spike factor has two decimals, exact in a number. */
const withNumbers = <T extends { spike_factor: number | string | null }>(r: T): T => ({
  ...r,
  spike_factor: r.spike_factor === null ? null : Number(r.spike_factor),
});

const userAlerts = (db: Database, userId: string) =>
  db('alerts as a')
    .leftJoin('stocks as s', 's.id', 'a.stock_id')
    .leftJoin('alert_webhooks as w', 'w.alert_id', 'a.id')
    .where('a.user_id', userId)
    .select<AlertRow[]>(ALERT_COLUMNS);

export async function listUserAlerts(db: Database, userId: string): Promise<AlertRow[]> {
  return (await userAlerts(db, userId).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc')).map(withNumbers);
}

export async function findUserAlert(db: Database, userId: string, id: number): Promise<AlertRow | undefined> {
  const row = await userAlerts(db, userId).where('a.id', id).first();
  return row ? withNumbers(row) : undefined;
}

export async function stockExists(db: Database, stockId: number): Promise<boolean> {
  return (await db('stocks').where({ id: stockId }).first('id')) !== undefined;
}

/**
 * Locks the user's row FOR NO KEY UPDATE and returns their phone: this serialises one user's alert creations (so a burst
 * cannot pass the cap together) without blocking the key-share locks that inserts referencing the user take.
 */
export async function lockUserForAlertCreation(
  trx: Database,
  userId: string,
): Promise<{ phone_number: string | null; phone_verified_at: Date | null } | undefined> {
  return await trx('users')
    .where({ id: userId })
    .forNoKeyUpdate()
    .first<{ phone_number: string | null; phone_verified_at: Date | null } | undefined>(
      'phone_number',
      'phone_verified_at',
    );
}

export async function countUserAlerts(db: Database, userId: string): Promise<number> {
  const [counted] = await db('alerts').where({ user_id: userId }).count<{ count: string }[]>('* as count');
  return Number(counted?.count ?? 0);
}

export async function insertAlert(
  db: Database,
  userId: string,
  params: AlertParams,
  channels: { emailEnabled: boolean; smsEnabled: boolean },
): Promise<number> {
  const [row] = await db('alerts')
    .insert({
      user_id: userId,
      kind: params.kind,
      stock_id: params.stockId,
      mention_threshold: params.mentionThreshold,
      spike_factor: params.spikeFactor,
      min_mentions: params.minMentions,
      trend_scope: params.trendScope,
      window_minutes: params.windowMinutes,
      email_enabled: channels.emailEnabled,
      sms_enabled: channels.smsEnabled,
    })
    .returning<{ id: number }[]>('id');
  return row!.id;
}

/**
 * Switches an alert on or off; switching on re-arms it: a threshold or spike alert whose condition already holds fires on
 * the next evaluation, a sentiment flip takes its next reading as the starting point, a new-trend alert records the
 * trending set afresh. Returns whether the user owns such an alert.
 */
export async function setUserAlertActive(
  db: Database,
  userId: string,
  id: number,
  isActive: boolean,
): Promise<boolean> {
  const changes = isActive ? { is_active: true, is_above: false, last_sentiment: null } : { is_active: false };
  return (await db('alerts').where({ id, user_id: userId }).update(changes)) > 0;
}

export async function deleteUserAlert(db: Database, userId: string, id: number): Promise<boolean> {
  return (await db('alerts').where({ id, user_id: userId }).delete()) > 0;
}

/** An active alert with the state its evaluation moves. */
export interface ActiveAlertRow {
  id: number;
  kind: AlertKind;
  user_id: string;
  stock_id: number | null;
  ticker: string | null;
  mention_threshold: number | null;
  window_minutes: number;
  spike_factor: number | null;
  min_mentions: number | null;
  trend_scope: TrendScope | null;
  is_above: boolean;
  last_sentiment: Majority | null;
}

export async function activeAlerts(db: Database): Promise<ActiveAlertRow[]> {
  const rows = await db('alerts as a')
    .leftJoin('stocks as s', 's.id', 'a.stock_id')
    .where('a.is_active', true)
    .select<ActiveAlertRow[]>(
      'a.id',
      'a.kind',
      'a.user_id',
      'a.stock_id',
      's.ticker',
      'a.mention_threshold',
      'a.window_minutes',
      'a.spike_factor',
      'a.min_mentions',
      'a.trend_scope',
      'a.is_above',
      'a.last_sentiment',
    );
  return rows.map(withNumbers);
}

/** The stocks in the current trending set (the latest trend detection's). */
export async function trendingStocks(
  db: Database,
): Promise<Array<{ stock_id: number; ticker: string; trend_score: number }>> {
  return await db('trending_stocks as t')
    .join('stocks as s', 's.ticker', 't.ticker')
    .select('s.id as stock_id', 't.ticker', 't.trend_score');
}

/** The (alert, stock) pairs that new-trend alerts last saw in the trending set. */
export async function trendingEntries(
  db: Database,
  alertIds: number[],
): Promise<Array<{ alert_id: number; stock_id: number }>> {
  if (alertIds.length === 0) return [];
  return await db('alert_trend_entries')
    .whereIn('alert_id', alertIds)
    .where('is_trending', true)
    .select('alert_id', 'stock_id');
}

/** Serialises evaluations (after every scan and every minute): each moves the crossing state as a whole. Held until the transaction ends. */
export async function lockAlertEvaluation(trx: Database): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(?)', [0x616c7274]); // "alrt"
}

/** Re-arms alerts whose condition ended; only those still armed-off move. */
export async function rearmAlerts(trx: Database, ids: number[]): Promise<void> {
  if (ids.length > 0) await trx('alerts').whereIn('id', ids).where('is_above', true).update({ is_above: false });
}

/** The facts an event records about itself, carried into its notification. */
export type EventFacts = Record<string, number | string | null>;

/** One event that fired, counted on its alert: what its notifications are built from. */
export interface FiredEvent {
  alert_id: number;
  /** Distinguishes this event from the alert's earlier ones (part of the notifications' idempotency keys). */
  event_key: string;
  kind: AlertKind;
  user_id: string;
  stock_id: number;
  mentions: number;
  mention_threshold: number | null;
  window_minutes: number;
  email_enabled: boolean;
  sms_enabled: boolean;
  facts: EventFacts;
}

/**
 * Threshold and spike crossings: an alert not yet above moves above, counts the crossing and records when. An alert a
 * concurrent evaluation already moved is left alone, so each crossing is counted once.
 */
export async function recordCrossings(
  trx: Database,
  crossings: Array<{ id: number; mentions: number; facts: EventFacts }>,
  now: Date,
): Promise<FiredEvent[]> {
  if (crossings.length === 0) return [];
  const result = await trx.raw<{ rows: Array<Omit<FiredEvent, 'event_key'> & { crossing_count: number }> }>(
    `UPDATE alerts a SET is_above = true, crossing_count = a.crossing_count + 1, last_mentions = c.mentions, last_triggered_at = ?
     FROM unnest(?::int[], ?::int[], ?::jsonb[]) AS c(id, mentions, facts)
     WHERE a.id = c.id AND NOT a.is_above
     RETURNING a.id AS alert_id, a.crossing_count, a.kind, a.user_id, a.stock_id, c.mentions, a.mention_threshold, a.window_minutes, a.email_enabled, a.sms_enabled, c.facts`,
    [now, crossings.map((c) => c.id), crossings.map((c) => c.mentions), crossings.map((c) => JSON.stringify(c.facts))],
  );
  return result.rows.map(({ crossing_count, ...r }) => ({ ...r, event_key: `crossing:${crossing_count}` }));
}

/**
 * Sentiment readings: each alert's majority moves from what this evaluation read to the new one. A first reading only
 * sets the starting point; a change from bullish to bearish or back is a flip, counted and returned. A reading a
 * concurrent evaluation already moved is left alone.
 */
export async function recordSentimentReadings(
  trx: Database,
  readings: Array<{ id: number; previous: Majority | null; current: Majority; mentions: number; facts: EventFacts }>,
  now: Date,
): Promise<FiredEvent[]> {
  if (readings.length === 0) return [];
  const result = await trx.raw<{
    rows: Array<Omit<FiredEvent, 'event_key'> & { crossing_count: number; flipped: boolean }>;
  }>(
    `UPDATE alerts a SET last_sentiment = c.current,
            crossing_count = a.crossing_count + CASE WHEN c.previous IS NULL THEN 0 ELSE 1 END,
            last_mentions = CASE WHEN c.previous IS NULL THEN a.last_mentions ELSE c.mentions END,
            last_triggered_at = CASE WHEN c.previous IS NULL THEN a.last_triggered_at ELSE ?::timestamptz END
     FROM (SELECT id, NULLIF(previous, '') AS previous, current, mentions, facts FROM unnest(?::int[], ?::text[], ?::text[], ?::int[], ?::jsonb[]) AS u(id, previous, current, mentions, facts)) AS c
     WHERE a.id = c.id AND a.last_sentiment IS NOT DISTINCT FROM c.previous
     RETURNING a.id AS alert_id, a.crossing_count, c.previous IS NOT NULL AS flipped, a.kind, a.user_id, a.stock_id, c.mentions, a.mention_threshold, a.window_minutes, a.email_enabled, a.sms_enabled, c.facts`,
    [
      now,
      readings.map((r) => r.id),
      readings.map((r) => r.previous ?? ''),
      readings.map((r) => r.current),
      readings.map((r) => r.mentions),
      readings.map((r) => JSON.stringify(r.facts)),
    ],
  );
  return result.rows
    .filter((r) => r.flipped)
    .map(({ crossing_count, flipped: _flipped, ...r }) => ({ ...r, event_key: `flip:${crossing_count}` }));
}

/** New-trend alerts not yet primed take the trending set they see now as their starting point; returns the ids primed by this call. */
export async function primeTrendAlerts(
  trx: Database,
  entries: Array<{ alertId: number; stockIds: number[] }>,
): Promise<number[]> {
  if (entries.length === 0) return [];
  const primed = await trx('alerts')
    .whereIn(
      'id',
      entries.map((e) => e.alertId),
    )
    .where('is_above', false)
    .update({ is_above: true })
    .returning<{ id: number }[]>('id');
  const ids = new Set(primed.map((p) => p.id));
  const rows = entries
    .filter((e) => ids.has(e.alertId))
    .flatMap((e) => e.stockIds.map((stock_id) => ({ alert_id: e.alertId, stock_id, is_trending: true })));
  if (rows.length > 0)
    await trx('alert_trend_entries').insert(rows).onConflict(['alert_id', 'stock_id']).merge(['is_trending']);
  return [...ids];
}

/** New-trend alerts' entries notified since each user's own instant (the start of their local day), per user: what the daily cap counts. */
export async function trendEntriesNotifiedSince(trx: Database, since: Map<string, Date>): Promise<Map<string, number>> {
  if (since.size === 0) return new Map();
  const rows = await trx('alert_trend_entries as e')
    .join('alerts as a', 'a.id', 'e.alert_id')
    .joinRaw('JOIN unnest(?::uuid[], ?::timestamptz[]) AS d(user_id, since) ON d.user_id = a.user_id', [
      [...since.keys()],
      [...since.values()].map((d) => d.toISOString()),
    ])
    .whereRaw('e.last_notified_at >= d.since')
    .groupBy('a.user_id')
    .select<Array<{ user_id: string; count: number }>>('a.user_id', trx.raw('count(*)::int AS count'));
  return new Map(rows.map((r) => [r.user_id, r.count]));
}

/**
 * Stocks entering the trending set for new-trend alerts: a pair not trending moves to trending and counts the entry
 * (notified ones stamp last_notified_at). A pair a concurrent evaluation already moved is left alone.
 */
export async function recordTrendEntries(
  trx: Database,
  entries: Array<{ alertId: number; stockId: number; notify: boolean; facts: EventFacts }>,
  now: Date,
): Promise<FiredEvent[]> {
  if (entries.length === 0) return [];
  const result = await trx.raw<{
    rows: Array<Omit<FiredEvent, 'event_key'> & { entry_count: number; notify: boolean }>;
  }>(
    `WITH entered AS (
       INSERT INTO alert_trend_entries AS e (alert_id, stock_id, is_trending, entry_count, last_notified_at)
       SELECT c.alert_id, c.stock_id, true, 1, CASE WHEN c.notify THEN ?::timestamptz END
       FROM unnest(?::int[], ?::int[], ?::boolean[]) AS c(alert_id, stock_id, notify)
       ON CONFLICT (alert_id, stock_id) DO UPDATE
         SET is_trending = true, entry_count = e.entry_count + 1, last_notified_at = COALESCE(EXCLUDED.last_notified_at, e.last_notified_at)
         WHERE NOT e.is_trending
       RETURNING e.alert_id, e.stock_id, e.entry_count)
     SELECT en.alert_id, en.stock_id, en.entry_count, c.notify, c.facts, a.kind, a.user_id, 0 AS mentions, a.mention_threshold, a.window_minutes, a.email_enabled, a.sms_enabled
     FROM entered en
     JOIN unnest(?::int[], ?::int[], ?::boolean[], ?::jsonb[]) AS c(alert_id, stock_id, notify, facts) ON c.alert_id = en.alert_id AND c.stock_id = en.stock_id
     JOIN alerts a ON a.id = en.alert_id`,
    [now, ...entryArrays(entries), ...entryArrays(entries), entries.map((e) => JSON.stringify(e.facts))],
  );
  if (result.rows.length > 0)
    await trx('alerts')
      .whereIn('id', [...new Set(result.rows.filter((r) => r.notify).map((r) => r.alert_id))])
      .update({ last_triggered_at: now });
  return result.rows
    .filter((r) => r.notify)
    .map(({ entry_count, notify: _notify, ...r }) => ({ ...r, event_key: `trend:${r.stock_id}:${entry_count}` }));
}

const entryArrays = (entries: Array<{ alertId: number; stockId: number; notify: boolean }>) => [
  entries.map((e) => e.alertId),
  entries.map((e) => e.stockId),
  entries.map((e) => e.notify),
];

/** Stocks that left the trending set (or the alert's watchlist) re-arm for their next entry. */
export async function recordTrendLeaves(
  trx: Database,
  pairs: Array<{ alertId: number; stockId: number }>,
): Promise<void> {
  if (pairs.length === 0) return;
  await trx.raw(
    `UPDATE alert_trend_entries e SET is_trending = false FROM unnest(?::int[], ?::int[]) AS c(alert_id, stock_id)
     WHERE e.alert_id = c.alert_id AND e.stock_id = c.stock_id AND e.is_trending`,
    [pairs.map((p) => p.alertId), pairs.map((p) => p.stockId)],
  );
}

/** What an alert message says about its stock. */
export interface AlertStockRow {
  id: number;
  ticker: string;
  name: string;
  price: string | null;
  change_percent: string | null;
  sentiment: string;
}

export async function alertStocks(db: Database, ids: number[]): Promise<Map<number, AlertStockRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db('stocks')
    .whereIn('id', ids)
    .select<AlertStockRow[]>(
      'id',
      'ticker',
      'name',
      db.raw('price::text AS price'),
      db.raw('change_percent::text AS change_percent'),
      'sentiment',
    );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The stocks each user's alerts name, for the weekly digest. */
export async function alertedStocksByUser(
  db: Database,
  userIds: string[],
): Promise<Array<{ user_id: string; stock_id: number }>> {
  return await db('alerts')
    .whereIn('user_id', userIds)
    .whereNotNull('stock_id')
    .distinct('user_id', 'stock_id')
    .select<Array<{ user_id: string; stock_id: number }>>();
}
