import type { Knex } from 'knex';
import { NEW_TREND_ALERTS_PER_DAY } from '../../core/contracts/alerts';
import { isSpike, majoritySentiment, SPIKE_BASELINE_DAYS, spikeBaseline, windowEnd, type Majority } from '../../core/alerts/alertRules';
import type { Warehouse } from '../../warehouse/client';
import type { AlertRecipientRow } from '../../warehouse/postgres/alertNotifications';
import { insertNotifications, openDigestIds, openNotificationIds } from '../../warehouse/postgres/notifications';
import { stockSummaries } from '../../warehouse/postgres/stocks';
import { weeklyDigestRecipients } from '../../warehouse/postgres/users';
import {
  activeAlerts,
  alertedStocksByUser,
  lockAlertEvaluation,
  primeTrendAlerts,
  rearmAlerts,
  recordCrossings,
  recordSentimentReadings,
  recordTrendEntries,
  recordTrendLeaves,
  trendEntriesNotifiedSince,
  trendingEntries,
  trendingStocks,
  type ActiveAlertRow,
  type EventFacts,
  type AlertStockRow,
  type FiredEvent,
} from '../../warehouse/postgres/alerts';
import { watchlistStockIds } from '../../warehouse/postgres/watchlists';
import { tickerWindowDays, type IntervalCount, type WindowDays } from '../../warehouse/queries/tickerWindowDays';
import { tickerWindowTotals } from '../../warehouse/queries/tickerWindowTotals';
import { MINUTE_MS, MINUTES_PER_WEEK } from '../../core/timeWindows';
import { startOfLocalDay } from '../../core/zonedTime';
import { userTimeZones } from '../../warehouse/postgres/alertSettings';
import { pendingWebhookDeliveryIds } from '../../warehouse/postgres/webhooks';
import { recordAlertNotifications } from './alertNotifications';
import { deliverNotification, expireStaleClaims, notificationRow, type DeliveryHooks, type NotificationChannels } from '../notifications/delivery';
import type { DigestPayload, DigestStock } from '../notifications/messages';
import { recordFiringFollowUps, type Firing } from './firingFollowUps';

/** Only these subscribers are notified (the admin's "trial" is the same state as "trialing"). */
export const NOTIFIED_STATUSES = ['trialing', 'trial', 'active'] as const;
/** A notification whose sends keep failing is retried by later evaluations up to this many attempts. */
const MAX_ATTEMPTS = 8;

export interface EvaluateAlertsResult {
  evaluated: number;
  crossed: number;
  rearmed: number;
  /** Every notification waiting to be sent, this evaluation's and earlier ones' not yet sent. */
  notificationIds: number[];
  /** Webhook deliveries not attempted yet; each is sent by its own deliverWebhook workflow. */
  webhookDeliveryIds: number[];
}

/** What one evaluation decided from its reads; applied under the lock, each change only if its state is still the one read. */
interface Decisions {
  crossings: Array<{ id: number; mentions: number; facts: EventFacts }>;
  rearms: number[];
  readings: Array<{ id: number; previous: Majority | null; current: Majority; mentions: number; facts: EventFacts }>;
  primes: Array<{ alertId: number; stockIds: number[] }>;
  entries: Array<{ alertId: number; userId: string; stockId: number; facts: EventFacts }>;
  leaves: Array<{ alertId: number; stockId: number }>;
}

/**
 * Every window the alerts need, each read for every ticker at once: the windows now, and for the windows spike alerts
 * watch, the same window at the same time of day on each of the previous days (the baseline).
 */
function plannedWindows(alerts: ActiveAlertRow[]) {
  const windowed = alerts.filter((a) => a.kind !== 'new_trend');
  const current: WindowDays[] = [...new Set(windowed.map((a) => a.window_minutes))].map((minutes) => ({ minutes, days: 0 }));
  const spiked: WindowDays[] = [...new Set(windowed.filter((a) => a.kind === 'spike').map((a) => a.window_minutes))].map((minutes) => ({ minutes, days: SPIKE_BASELINE_DAYS }));
  return { current, spiked, index: new Map(current.map((w, i) => [w.minutes, i])), spikedIndex: new Map(spiked.map((w, i) => [w.minutes, i])) };
}

/**
 * Baselines move only with the time of day, so they are read once per this period (at its start) rather than on every
 * evaluation: a week of rollups is the largest read an evaluation makes.
 */
export const BASELINE_REFRESH_MS = 5 * MINUTE_MS;

/** The pure part of an evaluation: each alert's condition from the counts and the trending set, against the state it had. */
function decide(
  alerts: ActiveAlertRow[],
  counts: Map<string, IntervalCount[][]>,
  baselines: Map<string, IntervalCount[][]>,
  plan: ReturnType<typeof plannedWindows>,
  trending: Map<number, number>,
  entries: Map<number, Set<number>>,
  watchlists: Map<string, Set<number>>,
): Decisions {
  const d: Decisions = { crossings: [], rearms: [], readings: [], primes: [], entries: [], leaves: [] };
  const none: IntervalCount = { mentions: 0, bullish: 0, bearish: 0 };
  for (const a of alerts) {
    if (a.kind === 'new_trend') {
      const watched = a.trend_scope === 'any' ? null : a.trend_scope === 'watchlist' ? (watchlists.get(a.user_id) ?? new Set<number>()) : new Set([a.stock_id!]);
      const inSet = [...trending.keys()].filter((id) => watched === null || watched.has(id));
      if (!a.is_above) {
        d.primes.push({ alertId: a.id, stockIds: inSet });
        continue;
      }
      const seen = entries.get(a.id) ?? new Set<number>();
      for (const id of inSet) if (!seen.has(id)) d.entries.push({ alertId: a.id, userId: a.user_id, stockId: id, facts: { trendScore: trending.get(id) ?? 0 } });
      for (const id of seen) if (!trending.has(id) || (watched !== null && !watched.has(id))) d.leaves.push({ alertId: a.id, stockId: id });
      continue;
    }
    const series = counts.get(a.ticker ?? '')?.[plan.index.get(a.window_minutes)!];
    const now = series?.[0] ?? none;
    if (a.kind === 'sentiment_flip') {
      const majority = majoritySentiment(now, a.min_mentions!);
      if (majority !== null && majority !== a.last_sentiment) {
        d.readings.push({ id: a.id, previous: a.last_sentiment, current: majority, mentions: now.mentions, facts: { from: a.last_sentiment, to: majority, bullish: now.bullish, bearish: now.bearish } });
      }
      continue;
    }
    let above: boolean;
    let facts: EventFacts = {};
    if (a.kind === 'spike') {
      const days = baselines.get(a.ticker ?? '')?.[plan.spikedIndex.get(a.window_minutes)!] ?? [];
      const baseline = spikeBaseline(days.slice(1).map((c) => c.mentions));
      above = isSpike(now.mentions, baseline, a.spike_factor!, a.min_mentions!);
      facts = { baseline, spikeFactor: a.spike_factor };
    } else {
      above = now.mentions > a.mention_threshold!;
    }
    if (above && !a.is_above) d.crossings.push({ id: a.id, mentions: now.mentions, facts });
    else if (!above && a.is_above) d.rearms.push(a.id);
  }
  return d;
}

/** What one event was, for its price outcome and its webhooks; an event whose stock row is gone has neither. */
const toFiring = (e: FiredEvent, user: AlertRecipientRow | undefined, stock: AlertStockRow | undefined): Firing[] =>
  stock
    ? [
        {
          alertId: e.alert_id,
          eventKey: e.event_key,
          userId: e.user_id,
          notify: user?.notify ?? false,
          kind: e.kind,
          ticker: stock.ticker,
          name: stock.name,
          windowMinutes: e.window_minutes,
          count: e.mentions,
          threshold: e.mention_threshold,
          parameters: e.facts,
          priceAtFire: stock.price === null ? null : Number(stock.price),
        },
      ]
    : [];

export interface AlertActivityDeps {
  db: Knex;
  warehouse: Warehouse;
  /** Where notifications go; without it delivery fails (API-only processes do not deliver). */
  notifications?: NotificationChannels;
  deliveryHooks?: DeliveryHooks;
  now?: () => Date;
}

export function createAlertActivities(deps: AlertActivityDeps) {
  const clock = deps.now ?? (() => new Date());
  const { db } = deps;
  let baselineCache: { key: string; counts: Promise<Map<string, IntervalCount[][]>> } | undefined;
  const spikeBaselines = (now: Date, windows: WindowDays[]) => {
    const end = Math.floor(windowEnd(now) / BASELINE_REFRESH_MS) * BASELINE_REFRESH_MS;
    const key = `${end}|${windows.map((w) => w.minutes).join(',')}`;
    if (baselineCache?.key !== key) {
      const counts = tickerWindowDays(deps.warehouse, end, windows);
      baselineCache = { key, counts };
      counts.catch(() => {
        if (baselineCache?.counts === counts) baselineCache = undefined;
      });
    }
    return baselineCache.counts;
  };
  const dashboardUrl = deps.notifications?.dashboardUrl ?? 'http://localhost:3000/dashboard';
  const links = { dashboard: dashboardUrl, alerts: dashboardUrl.replace(/\/dashboard$/, '/alerts') };

  return {
    /**
     * Evaluates every active alert and moves its state. Threshold and spike alerts cross when their condition starts
     * to hold and re-arm when it ends; a sentiment flip fires when the window's majority turns; a new-trend alert fires
     * for each watched stock entering the trending set. All reads (ClickHouse windows, trending set, watchlists) come
     * first, outside any lock; the changes are then applied in one transaction under the evaluation lock, each only
     * where the state is still what was read, and every event's notifications are recorded in that same transaction
     * keyed per alert and event. A retry after commit finds nothing left to record, and still returns the
     * notifications not yet sent.
     */
    async evaluateAlertCrossings(): Promise<EvaluateAlertsResult> {
      await expireStaleClaims(db);
      const now = clock();
      const alerts = await activeAlerts(db);
      const plan = plannedWindows(alerts);
      const trendAlerts = alerts.filter((a) => a.kind === 'new_trend');
      const [counts, baselines, trendingRows, entryRows, watchlists] = await Promise.all([
        tickerWindowDays(deps.warehouse, windowEnd(now), plan.current),
        plan.spiked.length > 0 ? spikeBaselines(now, plan.spiked) : new Map<string, IntervalCount[][]>(),
        trendAlerts.length > 0 ? trendingStocks(db) : Promise.resolve([]),
        trendingEntries(db, trendAlerts.map((a) => a.id)),
        watchlistStockIds(db, [...new Set(trendAlerts.filter((a) => a.trend_scope === 'watchlist').map((a) => a.user_id))]),
      ]);
      const entries = new Map<number, Set<number>>();
      for (const e of entryRows) entries.set(e.alert_id, (entries.get(e.alert_id) ?? new Set()).add(e.stock_id));
      const d = decide(alerts, counts, baselines, plan, new Map(trendingRows.map((t) => [t.stock_id, t.trend_score])), entries, watchlists);
      // The daily cap on new-trend messages counts per day in each user's own time zone (read here, before the lock).
      const zones = await userTimeZones(db, [...new Set(d.entries.map((e) => e.userId))]);

      const crossed = await db.transaction(async (trx) => {
        await lockAlertEvaluation(trx);
        await rearmAlerts(trx, d.rearms);
        const fired: FiredEvent[] = [...(await recordCrossings(trx, d.crossings, now)), ...(await recordSentimentReadings(trx, d.readings, now))];
        await primeTrendAlerts(trx, d.primes);
        await recordTrendLeaves(trx, d.leaves);
        // The daily cap on new-trend messages: entries past it still move the state (no message later either).
        const notifiedToday = await trendEntriesNotifiedSince(trx, new Map([...zones].map(([userId, zone]) => [userId, startOfLocalDay(now, zone)])));
        const capped = d.entries.map((e) => {
          const sent = notifiedToday.get(e.userId) ?? 0;
          if (sent < NEW_TREND_ALERTS_PER_DAY) notifiedToday.set(e.userId, sent + 1);
          return { ...e, notify: sent < NEW_TREND_ALERTS_PER_DAY };
        });
        fired.push(...(await recordTrendEntries(trx, capped, now)));
        const { users, stocks } = await recordAlertNotifications(trx, fired, NOTIFIED_STATUSES, now);
        await recordFiringFollowUps(trx, fired.flatMap((e) => toFiring(e, users.get(e.user_id), stocks.get(e.stock_id))), now, links);
        return fired.length;
      });
      return { evaluated: alerts.length, crossed, rearmed: d.rearms.length, notificationIds: await openNotificationIds(db, MAX_ATTEMPTS), webhookDeliveryIds: await pendingWebhookDeliveryIds(db) };
    },

    /** Sends recorded notifications, each at most once, several at a time; throws (so Temporal retries) when a provider refused one. */
    async deliverNotifications(ids: number[]): Promise<{ sent: number; skipped: number }> {
      const channels = deps.notifications;
      if (!channels) throw new Error('Notification channels are not configured in this worker');
      const outcomes = await Promise.allSettled(ids.map((id) => deliverNotification(db, channels, id, deps.deliveryHooks)));
      const failures = outcomes.flatMap((o, i) => (o.status === 'rejected' ? [`${ids[i]}: ${o.reason instanceof Error ? o.reason.message : String(o.reason)}`] : []));
      if (failures.length > 0) throw new Error(`${failures.length} of ${ids.length} notifications failed (${failures.slice(0, 3).join('; ')})`);
      const sent = outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'sent').length;
      return { sent, skipped: ids.length - sent };
    },

    /** Records this week's digest for every subscriber with weeklyDigest on (once per user and week); returns the ids to send. */
    async prepareWeeklyDigest(): Promise<number[]> {
      const now = clock();
      const weekEnding = now.toISOString().slice(0, 10);
      const weekly = await tickerWindowTotals(deps.warehouse, now, [MINUTES_PER_WEEK]);
      const stocks = await stockSummaries(db);
      const describe = (s: (typeof stocks)[number]): DigestStock => ({ ticker: s.ticker, name: s.name, sentiment: s.sentiment, price: s.price, mentions: weekly.get(s.ticker)?.[0] ?? 0 });
      const byId = new Map(stocks.map((s) => [s.id, s]));
      const trending = stocks.map(describe).filter((s) => s.mentions > 0).sort((a, b) => b.mentions - a.mentions).slice(0, 5);
      const users = await weeklyDigestRecipients(db, NOTIFIED_STATUSES);
      const alertStocks = await alertedStocksByUser(db, users.map((u) => u.id));
      const digests = users.map((user) => {
        const alerted = alertStocks.filter((a) => a.user_id === user.id).flatMap((a) => (byId.has(a.stock_id) ? [describe(byId.get(a.stock_id)!)] : []));
        const payload: DigestPayload = { weekEnding, alerted: alerted.sort((a, b) => b.mentions - a.mentions), trending };
        return notificationRow({ idempotencyKey: `digest:${user.id}:${weekEnding}`, userId: user.id, alertId: null, channel: 'email', recipient: user.email, content: { kind: 'digest', payload } });
      });
      await insertNotifications(db, digests);
      return openDigestIds(db, MAX_ATTEMPTS);
    },
  };
}
