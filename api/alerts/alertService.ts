import type { Knex } from 'knex';
import type { Alert } from '../../core/contracts/alerts';
import { alertParams, createAlertSchema } from '../../core/contracts/alerts';
import {
  countUserAlerts,
  deleteUserAlert,
  findUserAlert,
  insertAlert,
  listUserAlerts,
  lockUserForAlertCreation,
  setUserAlertActive,
  stockExists,
  type AlertRow,
} from '../../warehouse/postgres/alerts';
import { HttpError, notFound } from '../http/httpError';

const toAlert = (r: AlertRow): Alert => ({
  id: r.id,
  userId: r.user_id,
  kind: r.kind,
  stockId: r.stock_id,
  mentionThreshold: r.mention_threshold,
  spikeFactor: r.spike_factor,
  minMentions: r.min_mentions,
  trendScope: r.trend_scope,
  windowMinutes: r.window_minutes,
  emailEnabled: r.email_enabled,
  smsEnabled: r.sms_enabled,
  isActive: r.is_active,
  createdAt: r.created_at.toISOString(),
  lastTriggeredAt: r.last_triggered_at ? r.last_triggered_at.toISOString() : null,
  stock: r.ticker !== null && r.name !== null ? { ticker: r.ticker, name: r.name } : null,
  webhook:
    r.webhook_url !== null && r.webhook_format !== null ? { url: r.webhook_url, format: r.webhook_format } : null,
});

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';
const isDeadlock = (err: unknown) => (err as { code?: string }).code === '40P01';

async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isDeadlock(err)) throw err;
    return await run();
  }
}

/** The 409 for an alert identical to one the user has, naming the field that tells the kinds' alerts apart. */
const DUPLICATE: Record<Alert['kind'], [string, string]> = {
  threshold: ['You already have an alert for this stock with the same threshold and window', 'mentionThreshold'],
  spike: ['You already have a spike alert for this stock with the same factor, minimum and window', 'spikeFactor'],
  sentiment_flip: [
    'You already have a sentiment flip alert for this stock with the same minimum and window',
    'minMentions',
  ],
  new_trend: ['You already have this new-trend alert', 'trendScope'],
};

/** A user's alerts: each call is scoped to its owner, so another user's alert reads as not found. */
export function createAlertService(db: Knex, maxAlertsPerUser: number) {
  async function getOwned(userId: string, id: number): Promise<Alert> {
    const row = await findUserAlert(db, userId, id);
    if (!row) throw notFound('Alert not found');
    return toAlert(row);
  }

  return {
    async list(userId: string): Promise<Alert[]> {
      return (await listUserAlerts(db, userId)).map(toAlert);
    },

    /**
     * Creates an alert of any kind: at most one with the same parameters for a user (409), and at most
     * maxAlertsPerUser in all (409). The user's row is locked while counting, so a burst of creations cannot pass the cap together.
     */
    async create(userId: string, body: unknown): Promise<Alert> {
      const input = createAlertSchema.parse(body ?? {});
      const params = alertParams(input);
      if (params.stockId !== null && !(await stockExists(db, params.stockId)))
        throw new HttpError(400, 'Stock not found', 'stockId');
      // Postgres may pick this transaction as a deadlock victim when other work locks the same rows; it is retried once.
      const id = await retryOnDeadlock(() =>
        db.transaction(async (trx) => {
          const user = await lockUserForAlertCreation(trx, userId);
          if (input.smsEnabled && !user?.phone_number)
            throw new HttpError(400, 'SMS alerts need a phone number (add one in Settings)', 'smsEnabled');
          if (input.smsEnabled && !user?.phone_verified_at)
            throw new HttpError(400, 'SMS alerts need a verified phone number (verify it in Settings)', 'smsEnabled');
          if ((await countUserAlerts(trx, userId)) >= maxAlertsPerUser)
            throw new HttpError(
              409,
              `You have reached the limit of ${maxAlertsPerUser} alerts. Delete one to add another.`,
            );
          try {
            return await insertAlert(trx, userId, params, input);
          } catch (err) {
            if (isUniqueViolation(err)) throw new HttpError(409, ...DUPLICATE[params.kind]);
            throw err;
          }
        }),
      );
      return await getOwned(userId, id);
    },

    /** Switches an alert on or off; switching on re-arms it (see setUserAlertActive). */
    async setActive(userId: string, id: number, isActive: boolean): Promise<Alert> {
      if (!(await setUserAlertActive(db, userId, id, isActive))) throw notFound('Alert not found');
      return await getOwned(userId, id);
    },

    async remove(userId: string, id: number): Promise<void> {
      if (!(await deleteUserAlert(db, userId, id))) throw notFound('Alert not found');
    },
  };
}
export type AlertService = ReturnType<typeof createAlertService>;
