import type { Knex } from 'knex';
import type { Alert, CreateAlertInput } from '../../core/contracts/alerts';
import { createAlertSchema } from '../../core/contracts/alerts';
import { HttpError, notFound } from '../http/httpError';

interface AlertRow {
  id: number;
  user_id: string;
  stock_id: number;
  mention_threshold: number;
  window_minutes: number;
  email_enabled: boolean;
  sms_enabled: boolean;
  is_active: boolean;
  created_at: Date;
  last_triggered_at: Date | null;
  ticker: string | null;
  name: string | null;
}

const toAlert = (r: AlertRow): Alert => ({
  id: r.id,
  userId: r.user_id,
  stockId: r.stock_id,
  mentionThreshold: r.mention_threshold,
  windowMinutes: r.window_minutes,
  emailEnabled: r.email_enabled,
  smsEnabled: r.sms_enabled,
  isActive: r.is_active,
  createdAt: r.created_at.toISOString(),
  lastTriggeredAt: r.last_triggered_at ? r.last_triggered_at.toISOString() : null,
  stock: r.ticker !== null && r.name !== null ? { ticker: r.ticker, name: r.name } : null,
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

/** A user's alerts (spec §3 Alert): each call is scoped to its owner, so another user's alert reads as not found. */
export function createAlertService(db: Knex, maxAlertsPerUser: number) {
  const withStock = () =>
    db('alerts as a')
      .leftJoin('stocks as s', 's.id', 'a.stock_id')
      .select<AlertRow[]>('a.id', 'a.user_id', 'a.stock_id', 'a.mention_threshold', 'a.window_minutes', 'a.email_enabled', 'a.sms_enabled', 'a.is_active', 'a.created_at', 'a.last_triggered_at', 's.ticker', 's.name');

  async function getOwned(userId: string, id: number): Promise<Alert> {
    const row = await withStock().where({ 'a.id': id, 'a.user_id': userId }).first();
    if (!row) throw notFound('Alert not found');
    return toAlert(row);
  }

  return {
    async list(userId: string): Promise<Alert[]> {
      return (await withStock().where('a.user_id', userId).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc')).map(toAlert);
    },

    /**
     * Creates an alert: at most one per (stock, threshold, window) for a user (409), and at most maxAlertsPerUser in all
     * (409). The user's row is locked while counting, so a burst of creations cannot pass the cap together.
     */
    async create(userId: string, body: unknown): Promise<Alert> {
      const input = createAlertSchema.parse(body ?? {}) satisfies CreateAlertInput;
      const stock = await db('stocks').where({ id: input.stockId }).first('id');
      if (!stock) throw new HttpError(400, 'Stock not found', 'stockId');
      // Postgres may pick this transaction as a deadlock victim when other work locks the same rows; it is retried once.
      const id = await retryOnDeadlock(() => db.transaction(async (trx) => {
        // NO KEY UPDATE serialises this user's creations (the cap holds under bursts) without blocking the key-share locks
        // that inserts referencing the user take (sessions, notifications), which FOR UPDATE would.
        const user = await trx('users').where({ id: userId }).forNoKeyUpdate().first<{ phone_number: string | null; phone_verified_at: Date | null } | undefined>('phone_number', 'phone_verified_at');
        if (input.smsEnabled && !user?.phone_number) throw new HttpError(400, 'SMS alerts need a phone number (add one in Settings)', 'smsEnabled');
        if (input.smsEnabled && !user?.phone_verified_at) throw new HttpError(400, 'SMS alerts need a verified phone number (verify it in Settings)', 'smsEnabled');
        const [counted] = await trx('alerts').where({ user_id: userId }).count<{ count: string }[]>('* as count');
        if (Number(counted?.count ?? 0) >= maxAlertsPerUser) throw new HttpError(409, `You have reached the limit of ${maxAlertsPerUser} alerts. Delete one to add another.`);
        try {
          const [row] = await trx('alerts')
            .insert({
              user_id: userId,
              stock_id: input.stockId,
              mention_threshold: input.mentionThreshold,
              window_minutes: input.windowMinutes,
              email_enabled: input.emailEnabled,
              sms_enabled: input.smsEnabled,
            })
            .returning<{ id: number }[]>('id');
          return row!.id;
        } catch (err) {
          if (isUniqueViolation(err)) throw new HttpError(409, 'You already have an alert for this stock with the same threshold and window', 'mentionThreshold');
          throw err;
        }
      }));
      return await getOwned(userId, id);
    },

    /** Switches an alert on or off; switching on re-arms it, so a stock already above the threshold alerts again. */
    async setActive(userId: string, id: number, isActive: boolean): Promise<Alert> {
      const changes = isActive ? { is_active: true, is_above: false } : { is_active: false };
      const updated = await db('alerts').where({ id, user_id: userId }).update(changes);
      if (updated === 0) throw notFound('Alert not found');
      return await getOwned(userId, id);
    },

    async remove(userId: string, id: number): Promise<void> {
      const deleted = await db('alerts').where({ id, user_id: userId }).delete();
      if (deleted === 0) throw notFound('Alert not found');
    },
  };
}
export type AlertService = ReturnType<typeof createAlertService>;
