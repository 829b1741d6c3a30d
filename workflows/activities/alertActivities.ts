import type { Knex } from 'knex';
import type { Warehouse } from '../../warehouse/client';
import { tickerWindowTotals } from '../../warehouse/queries/tickerWindowTotals';
import { deliverNotification, expireStaleClaims, notificationRow, type DeliveryHooks, type NewNotification, type NotificationChannels } from '../notifications/delivery';
import type { AlertPayload, DigestPayload, DigestStock } from '../notifications/messages';
import { pendingWebhookDeliveryIds } from '../../warehouse/postgres/webhooks';
import { recordFiringFollowUps, type Firing } from './firingFollowUps';
import { TRIAL_ENDED_SQL } from './trialActivities';

/** Only these subscribers are notified (spec §4: the admin's "trial" is the same state as "trialing"). */
export const NOTIFIED_STATUSES = ['trialing', 'trial', 'active'] as const;
/** Serialises evaluations (after every scan and every minute): each reads and moves the crossing state as a whole. */
const ALERT_LOCK = 0x616c7274; // "alrt"
/** A notification whose sends keep failing is retried by later evaluations up to this many attempts. */
const MAX_ATTEMPTS = 8;
const WEEK_MINUTES = 7 * 24 * 60;

export interface EvaluateAlertsResult {
  evaluated: number;
  crossed: number;
  rearmed: number;
  /** Every notification waiting to be sent, this evaluation's and earlier ones' not yet sent. */
  notificationIds: number[];
  /** Webhook deliveries not attempted yet; each is sent by its own deliverWebhook workflow. */
  webhookDeliveryIds: number[];
}

interface ActiveAlert {
  id: number;
  ticker: string;
  mention_threshold: number;
  window_minutes: number;
  is_above: boolean;
}

interface CrossedAlert {
  id: number;
  crossing_count: number;
  mentions: number;
  mention_threshold: number;
  window_minutes: number;
  email_enabled: boolean;
  sms_enabled: boolean;
  user_id: string;
  email: string;
  phone_number: string | null;
  email_alerts: boolean;
  sms_alerts: boolean;
  /** Alert e-mails go only to a confirmed address, SMS only to a confirmed phone (no mail- or SMS-bombing a stranger). */
  email_verified: boolean;
  phone_verified: boolean;
  notify: boolean;
  ticker: string;
  name: string;
  price: string | null;
  change_percent: string | null;
  sentiment: string;
}

/** The notifications one crossing sends: each channel enabled on the alert and in the user's settings (SMS needs a phone). */
export function crossingNotifications(a: CrossedAlert): NewNotification[] {
  if (!a.notify) return [];
  const payload: AlertPayload = {
    ticker: a.ticker,
    name: a.name,
    mentions: a.mentions,
    threshold: a.mention_threshold,
    windowMinutes: a.window_minutes,
    sentiment: a.sentiment,
    price: a.price,
    changePercent: a.change_percent,
  };
  const key = (channel: string) => `alert:${a.id}:crossing:${a.crossing_count}:${channel}`;
  const out: NewNotification[] = [];
  if (a.email_enabled && a.email_alerts && a.email_verified) out.push({ idempotencyKey: key('email'), userId: a.user_id, alertId: a.id, channel: 'email', recipient: a.email, content: { kind: 'alert', payload } });
  if (a.sms_enabled && a.sms_alerts && a.phone_number && a.phone_verified) out.push({ idempotencyKey: key('sms'), userId: a.user_id, alertId: a.id, channel: 'sms', recipient: a.phone_number, content: { kind: 'alert', payload } });
  return out;
}

const toFiring = (a: CrossedAlert): Firing => ({
  alertId: a.id,
  crossing: a.crossing_count,
  userId: a.user_id,
  notify: a.notify,
  kind: 'threshold',
  ticker: a.ticker,
  name: a.name,
  windowMinutes: a.window_minutes,
  count: a.mentions,
  threshold: a.mention_threshold,
  parameters: {},
  priceAtFire: a.price === null ? null : Number(a.price),
});

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
  const dashboardUrl = deps.notifications?.dashboardUrl ?? 'http://localhost:3000/dashboard';
  const links = { dashboard: dashboardUrl, alerts: dashboardUrl.replace(/\/dashboard$/, '/alerts') };

  return {
    /**
     * Reads every active alert's window count from ClickHouse and moves its crossing state: above the threshold while it
     * was not is a crossing (counted, and its notifications recorded in the same transaction, keyed per alert and
     * crossing); at or below the threshold re-arms. A retry after commit finds no crossing left to record, and still
     * returns the notifications not yet sent.
     */
    async evaluateAlertCrossings(): Promise<EvaluateAlertsResult> {
      await expireStaleClaims(db);
      const now = clock();
      const { evaluated, crossed, rearmed } = await db.transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(?)', [ALERT_LOCK]);
        const alerts = await trx('alerts as a')
          .join('stocks as s', 's.id', 'a.stock_id')
          .where('a.is_active', true)
          .select<ActiveAlert[]>('a.id', 's.ticker', 'a.mention_threshold', 'a.window_minutes', 'a.is_above');
        const windows = [...new Set(alerts.map((a) => a.window_minutes))];
        const totals = await tickerWindowTotals(deps.warehouse, now, windows);

        const crossings: Array<{ id: number; mentions: number }> = [];
        const rearms: number[] = [];
        for (const a of alerts) {
          const mentions = totals.get(a.ticker)?.[windows.indexOf(a.window_minutes)] ?? 0;
          const above = mentions > a.mention_threshold;
          if (above && !a.is_above) crossings.push({ id: a.id, mentions });
          else if (!above && a.is_above) rearms.push(a.id);
        }
        if (rearms.length > 0) await trx('alerts').whereIn('id', rearms).update({ is_above: false });
        if (crossings.length > 0) {
          const result = await trx.raw<{ rows: CrossedAlert[] }>(
            `WITH crossed AS (
               UPDATE alerts a SET is_above = true, crossing_count = a.crossing_count + 1, last_mentions = c.mentions, last_triggered_at = ?
               FROM unnest(?::int[], ?::int[]) AS c(id, mentions)
               WHERE a.id = c.id AND NOT a.is_above
               RETURNING a.id, a.crossing_count, c.mentions, a.mention_threshold, a.window_minutes, a.email_enabled, a.sms_enabled, a.user_id, a.stock_id)
             SELECT c.*, u.email, u.phone_number, u.email_alerts, u.sms_alerts,
                    u.email_verified_at IS NOT NULL AS email_verified, u.phone_verified_at IS NOT NULL AS phone_verified,
                    (u.is_active AND u.subscription_status = ANY(?::text[]) AND NOT ${TRIAL_ENDED_SQL}) AS notify,
                    s.ticker, s.name, s.price::text AS price, s.change_percent::text AS change_percent, s.sentiment
             FROM crossed c JOIN users u ON u.id = c.user_id JOIN stocks s ON s.id = c.stock_id`,
            [now, crossings.map((c) => c.id), crossings.map((c) => c.mentions), [...NOTIFIED_STATUSES], now],
          );
          const rows = result.rows.flatMap(crossingNotifications).map(notificationRow);
          if (rows.length > 0) await trx('notifications').insert(rows).onConflict('idempotency_key').ignore();
          await recordFiringFollowUps(trx, result.rows.map(toFiring), now, links);
        }
        return { evaluated: alerts.length, crossed: crossings.length, rearmed: rearms.length };
      });
      // Account messages carry a secret that is not stored, so a failed one is not retried here (the user asks again).
      const open = await db('notifications').whereIn('status', ['pending', 'failed']).whereNot('kind', 'account').where('attempts', '<', MAX_ATTEMPTS).orderBy('id').limit(5000).pluck<string[]>('id');
      return { evaluated, crossed, rearmed, notificationIds: open.map(Number), webhookDeliveryIds: await pendingWebhookDeliveryIds(db) };
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
      const weekly = await tickerWindowTotals(deps.warehouse, now, [WEEK_MINUTES]);
      const stocks = await db('stocks').select<Array<{ id: number; ticker: string; name: string; sentiment: string; price: string | null }>>('id', 'ticker', 'name', 'sentiment', db.raw('price::text AS price'));
      const describe = (s: (typeof stocks)[number]): DigestStock => ({ ticker: s.ticker, name: s.name, sentiment: s.sentiment, price: s.price, mentions: weekly.get(s.ticker)?.[0] ?? 0 });
      const byId = new Map(stocks.map((s) => [s.id, s]));
      const trending = stocks.map(describe).filter((s) => s.mentions > 0).sort((a, b) => b.mentions - a.mentions).slice(0, 5);
      const users = await db('users')
        .where({ weekly_digest: true, is_active: true })
        .whereNotNull('email_verified_at')
        .whereIn('subscription_status', [...NOTIFIED_STATUSES])
        .select<Array<{ id: string; email: string }>>('id', 'email');
      const alertStocks = await db('alerts').whereIn('user_id', users.map((u) => u.id)).distinct('user_id', 'stock_id').select<Array<{ user_id: string; stock_id: number }>>();
      const ids: number[] = [];
      for (const user of users) {
        const alerted = alertStocks.filter((a) => a.user_id === user.id).flatMap((a) => (byId.has(a.stock_id) ? [describe(byId.get(a.stock_id)!)] : []));
        const payload: DigestPayload = { weekEnding, alerted: alerted.sort((a, b) => b.mentions - a.mentions), trending };
        await db('notifications')
          .insert(notificationRow({ idempotencyKey: `digest:${user.id}:${weekEnding}`, userId: user.id, alertId: null, channel: 'email', recipient: user.email, content: { kind: 'digest', payload } }))
          .onConflict('idempotency_key')
          .ignore();
      }
      const open = await db('notifications').where('kind', 'digest').whereIn('status', ['pending', 'failed']).where('attempts', '<', MAX_ATTEMPTS).pluck<string[]>('id');
      ids.push(...open.map(Number));
      return ids;
    },
  };
}
