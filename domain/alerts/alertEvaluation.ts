import type { Knex } from 'knex';
import { NEW_TREND_ALERTS_PER_DAY } from '../../core/contracts/alerts';
import { windowEnd } from '../../core/alerts/alertRules';
import type { Warehouse } from '../../warehouse/client';
import type { AlertRecipientRow } from '../../warehouse/postgres/alertNotifications';
import { openNotificationIds } from '../../warehouse/postgres/notifications';
import {
  activeAlerts,
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
  type AlertStockRow,
  type FiredEvent,
} from '../../warehouse/postgres/alerts';
import { watchlistStockIds } from '../../warehouse/postgres/watchlists';
import { tickerWindowDays, type IntervalCount, type WindowDays } from '../../warehouse/queries/tickerWindowDays';
import { MINUTE_MS } from '../../core/timeWindows';
import { startOfLocalDay } from '../../core/zonedTime';
import { userTimeZones } from '../../warehouse/postgres/alertSettings';
import { pendingWebhookDeliveryIds } from '../../warehouse/postgres/webhooks';
import { recordAlertNotifications } from './alertNotifications';
import { expireStaleClaims } from '../notifications/delivery';
import type { AppLinks } from '../../core/appLinks';
import { capTrendEntries, decide, plannedWindows } from './alertDecision';
import { recordFiringFollowUps, type Firing } from './firingFollowUps';
import { MAX_ATTEMPTS, NOTIFIED_STATUSES } from '../notifications/notified';

export interface EvaluateAlertsResult {
  evaluated: number;
  crossed: number;
  rearmed: number;
  /** Every notification waiting to be sent, this evaluation's and earlier ones' not yet sent. */
  notificationIds: number[];
  /** Webhook deliveries not attempted yet; each is sent by its own deliverWebhook workflow. */
  webhookDeliveryIds: number[];
}

/**
 * Baselines move only with the time of day, so they are read once per this period (at its start) rather than on every
 * evaluation: a week of rollups is the largest read an evaluation makes.
 */
export const BASELINE_REFRESH_MS = 5 * MINUTE_MS;

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

export interface AlertEvaluationDeps {
  db: Knex;
  warehouse: Warehouse;
  /** The product's pages the webhooks of a firing link to. */
  links: AppLinks;
  now?: () => Date;
}

/** The alert evaluation, as one command over its stores; the evaluateAlerts workflow's activity calls it. */
export function createAlertEvaluation(deps: AlertEvaluationDeps) {
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
  const links = { dashboard: deps.links.dashboard, alerts: deps.links.alerts };

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
    async evaluate(): Promise<EvaluateAlertsResult> {
      await expireStaleClaims(db);
      const now = clock();
      const alerts = await activeAlerts(db);
      const plan = plannedWindows(alerts);
      const trendAlerts = alerts.filter((a) => a.kind === 'new_trend');
      const [counts, baselines, trendingRows, entryRows, watchlists] = await Promise.all([
        tickerWindowDays(deps.warehouse, windowEnd(now), plan.current),
        plan.spiked.length > 0 ? spikeBaselines(now, plan.spiked) : new Map<string, IntervalCount[][]>(),
        trendAlerts.length > 0 ? trendingStocks(db) : Promise.resolve([]),
        trendingEntries(
          db,
          trendAlerts.map((a) => a.id),
        ),
        watchlistStockIds(db, [
          ...new Set(trendAlerts.filter((a) => a.trend_scope === 'watchlist').map((a) => a.user_id)),
        ]),
      ]);
      const entries = new Map<number, Set<number>>();
      for (const e of entryRows) entries.set(e.alert_id, (entries.get(e.alert_id) ?? new Set()).add(e.stock_id));
      const d = decide(
        alerts,
        counts,
        baselines,
        plan,
        new Map(trendingRows.map((t) => [t.stock_id, t.trend_score])),
        entries,
        watchlists,
      );
      // The daily cap on new-trend messages counts per day in each user's own time zone (read here, before the lock).
      const zones = await userTimeZones(db, [...new Set(d.entries.map((e) => e.userId))]);

      const crossed = await db.transaction(async (trx) => {
        await lockAlertEvaluation(trx);
        await rearmAlerts(trx, d.rearms);
        const fired: FiredEvent[] = [
          ...(await recordCrossings(trx, d.crossings, now)),
          ...(await recordSentimentReadings(trx, d.readings, now)),
        ];
        await primeTrendAlerts(trx, d.primes);
        await recordTrendLeaves(trx, d.leaves);
        // The daily cap on new-trend messages: entries past it still move the state (no message later either).
        const notifiedToday = await trendEntriesNotifiedSince(
          trx,
          new Map([...zones].map(([userId, zone]) => [userId, startOfLocalDay(now, zone)])),
        );
        const capped = capTrendEntries(d.entries, notifiedToday, NEW_TREND_ALERTS_PER_DAY);
        fired.push(...(await recordTrendEntries(trx, capped, now)));
        const { users, stocks } = await recordAlertNotifications(trx, fired, NOTIFIED_STATUSES, now);
        await recordFiringFollowUps(
          trx,
          fired.flatMap((e) => toFiring(e, users.get(e.user_id), stocks.get(e.stock_id))),
          now,
          links,
        );
        return fired.length;
      });
      return {
        evaluated: alerts.length,
        crossed,
        rearmed: d.rearms.length,
        notificationIds: await openNotificationIds(db, MAX_ATTEMPTS),
        webhookDeliveryIds: await pendingWebhookDeliveryIds(db),
      };
    },
  };
}
