import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { WebhookBody, WebhookDelivery, WebhookFormat, WebhookTarget } from '../../core/contracts/webhooks';

/** Webhook targets, the signing secret, per-alert overrides and the delivery log, all in Postgres. */

interface TargetRow {
  id: number;
  url: string;
  format: WebhookFormat;
  created_at: Date;
}

interface DeliveryRow {
  id: number;
  delivery_key: string;
  event: string;
  alert_id: number | null;
  url: string;
  format: WebhookFormat;
  status: WebhookDelivery['status'];
  http_status: number | null;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toTarget = (r: TargetRow): WebhookTarget => ({
  id: r.id,
  url: r.url,
  format: r.format,
  createdAt: r.created_at.toISOString(),
});
const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  deliveryKey: r.delivery_key,
  event: r.event,
  alertId: r.alert_id,
  url: r.url,
  format: r.format,
  status: r.status,
  httpStatus: r.http_status,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: r.created_at.toISOString(),
  lastAttemptAt: iso(r.last_attempt_at),
  deliveredAt: iso(r.delivered_at),
});

const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

export async function listWebhookTargets(db: Knex, userId: string): Promise<WebhookTarget[]> {
  return (
    await db('webhook_targets')
      .where({ user_id: userId })
      .orderBy('id')
      .select<TargetRow[]>('id', 'url', 'format', 'created_at')
  ).map(toTarget);
}

export type InsertTargetResult = { target: WebhookTarget } | { limitReached: true } | { duplicate: true };

/** Adds a target unless the user has `max` already; the user's row is locked so a burst cannot pass the cap together. */
export async function insertWebhookTarget(
  db: Knex,
  userId: string,
  input: { url: string; format: WebhookFormat },
  max: number,
): Promise<InsertTargetResult> {
  return await db.transaction(async (trx) => {
    await trx('users').where({ id: userId }).forNoKeyUpdate().first('id');
    const [counted] = await trx('webhook_targets').where({ user_id: userId }).count<{ count: number }[]>('* as count');
    if (Number(counted?.count ?? 0) >= max) return { limitReached: true } as const;
    const [row] = await trx('webhook_targets')
      .insert({ user_id: userId, url: input.url, format: input.format })
      .onConflict(['user_id', 'url'])
      .ignore()
      .returning<TargetRow[]>(['id', 'url', 'format', 'created_at']);
    return row ? { target: toTarget(row) } : ({ duplicate: true } as const);
  });
}

export async function deleteWebhookTarget(db: Knex, userId: string, id: number): Promise<boolean> {
  return (await db('webhook_targets').where({ id, user_id: userId }).delete()) > 0;
}

export async function webhookTargetOf(db: Knex, userId: string, id: number): Promise<WebhookTarget | null> {
  const row = await db('webhook_targets')
    .where({ id, user_id: userId })
    .first<TargetRow | undefined>('id', 'url', 'format', 'created_at');
  return row ? toTarget(row) : null;
}

/** The user's signing secret, created on first use (concurrent first uses agree on one). */
export async function webhookSecretOf(db: Knex, userId: string): Promise<string> {
  await db('webhook_secrets').insert({ user_id: userId, secret: newSecret() }).onConflict('user_id').ignore();
  const row = await db('webhook_secrets').where({ user_id: userId }).first<{ secret: string }>('secret');
  return row!.secret;
}

/** A new secret: bodies signed from now on use it; deliveries already recorded are signed with it when (re)sent. */
export async function rotateWebhookSecret(db: Knex, userId: string): Promise<string> {
  const secret = newSecret();
  await db('webhook_secrets')
    .insert({ user_id: userId, secret, rotated_at: db.fn.now() })
    .onConflict('user_id')
    .merge();
  return secret;
}

export async function listAlertWebhooks(
  db: Knex,
  userId: string,
): Promise<Array<{ alertId: number; url: string; format: WebhookFormat }>> {
  const rows = await db('alert_webhooks as w')
    .join('alerts as a', 'a.id', 'w.alert_id')
    .where('a.user_id', userId)
    .orderBy('w.alert_id')
    .select<Array<{ alert_id: number; url: string; format: WebhookFormat }>>('w.alert_id', 'w.url', 'w.format');
  return rows.map((r) => ({ alertId: r.alert_id, url: r.url, format: r.format }));
}

/** Sets (or replaces) the one target an alert sends to instead of the user's; false when the alert is not the user's. */
export async function setAlertWebhook(
  db: Knex,
  userId: string,
  alertId: number,
  input: { url: string; format: WebhookFormat },
): Promise<boolean> {
  const owned = await db('alerts').where({ id: alertId, user_id: userId }).first('id');
  if (!owned) return false;
  await db('alert_webhooks')
    .insert({ alert_id: alertId, url: input.url, format: input.format })
    .onConflict('alert_id')
    .merge();
  return true;
}

export async function deleteAlertWebhook(db: Knex, userId: string, alertId: number): Promise<boolean> {
  const owned = await db('alerts').where({ id: alertId, user_id: userId }).first('id');
  if (!owned) return false;
  await db('alert_webhooks').where({ alert_id: alertId }).delete();
  return true;
}

/** Where each alert's firing goes: its own target when it has one, otherwise every target of its owner. */
export async function webhookTargetsOfAlerts(
  db: Knex,
  alertIds: number[],
): Promise<Map<number, Array<{ url: string; format: WebhookFormat }>>> {
  const byAlert = new Map<number, Array<{ url: string; format: WebhookFormat }>>();
  if (alertIds.length === 0) return byAlert;
  const rows = await db
    .select<Array<{ alert_id: number; url: string; format: WebhookFormat }>>(
      'a.id as alert_id',
      db.raw('coalesce(o.url, t.url) AS url'),
      db.raw('coalesce(o.format, t.format) AS format'),
    )
    .from('alerts as a')
    .leftJoin('alert_webhooks as o', 'o.alert_id', 'a.id')
    .leftJoin('webhook_targets as t', function () {
      this.on('t.user_id', 'a.user_id').andOnNull('o.alert_id');
    })
    .whereIn('a.id', alertIds)
    .where((q) => q.whereNotNull('o.url').orWhereNotNull('t.url'))
    .orderBy(['a.id', 't.id']);
  for (const r of rows) byAlert.set(r.alert_id, [...(byAlert.get(r.alert_id) ?? []), { url: r.url, format: r.format }]);
  return byAlert;
}

export interface NewWebhookDelivery {
  deliveryKey: string;
  userId: string;
  alertId: number | null;
  url: string;
  format: WebhookFormat;
  body: WebhookBody;
}

/** Records deliveries, once per key (a firing sent to a target); returns the ids of the rows this call created. */
export async function recordWebhookDeliveries(db: Knex, deliveries: NewWebhookDelivery[]): Promise<number[]> {
  if (deliveries.length === 0) return [];
  const rows = await db('webhook_deliveries')
    .insert(
      deliveries.map((d) => ({
        delivery_key: d.deliveryKey,
        user_id: d.userId,
        alert_id: d.alertId,
        event: d.body.event,
        url: d.url,
        format: d.format,
        payload: JSON.stringify(d.body),
      })),
    )
    .onConflict('delivery_key')
    .ignore()
    .returning<{ id: number }[]>('id');
  return rows.map((r) => Number(r.id));
}

/** Deliveries never attempted yet (recorded by an evaluation whose result was lost, for instance), oldest first. */
export async function pendingWebhookDeliveryIds(db: Knex, limit = 1000): Promise<number[]> {
  return (
    await db('webhook_deliveries').where('status', 'pending').orderBy('id').limit(limit).pluck<number[]>('id')
  ).map(Number);
}

export interface ClaimedDelivery {
  id: number;
  deliveryKey: string;
  url: string;
  format: WebhookFormat;
  body: WebhookBody;
  secret: string;
}

/**
 * Starts one attempt: counts it and marks the row delivering, unless it was delivered already (then null, and nothing
 * is sent again). A row left delivering by a crash is attempted again with the same key: at least once, never after
 * a recorded success.
 */
export async function claimWebhookDelivery(db: Knex, id: number): Promise<ClaimedDelivery | null> {
  const [row] = await db('webhook_deliveries')
    .where({ id })
    .whereNot('status', 'delivered')
    .update({ status: 'delivering', attempts: db.raw('attempts + 1'), last_attempt_at: db.fn.now() })
    .returning<
      Array<{
        id: number;
        delivery_key: string;
        url: string;
        format: WebhookFormat;
        payload: WebhookBody;
        user_id: string;
      }>
    >(['id', 'delivery_key', 'url', 'format', 'payload', 'user_id']);
  if (!row) return null;
  return {
    id: Number(row.id),
    deliveryKey: row.delivery_key,
    url: row.url,
    format: row.format,
    body: row.payload,
    secret: await webhookSecretOf(db, row.user_id),
  };
}

export async function finishWebhookDelivery(
  db: Knex,
  id: number,
  result: { delivered: boolean; httpStatus: number | null; error: string | null },
): Promise<void> {
  await db('webhook_deliveries')
    .where({ id })
    .update({
      status: result.delivered ? 'delivered' : 'failed',
      http_status: result.httpStatus,
      last_error: result.error,
      delivered_at: result.delivered ? db.fn.now() : null,
    });
}

/** The columns a delivery is read with (toDelivery). */
const DELIVERY_COLUMNS = [
  'id',
  'delivery_key',
  'event',
  'alert_id',
  'url',
  'format',
  'status',
  'http_status',
  'attempts',
  'last_error',
  'created_at',
  'last_attempt_at',
  'delivered_at',
];

/** The user's delivery log, newest first; all of it without a limit (Download My Data). */
export async function listWebhookDeliveries(db: Knex, userId: string, limit?: number): Promise<WebhookDelivery[]> {
  const rows = await db('webhook_deliveries')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .modify((q) => {
      if (limit !== undefined) void q.limit(limit);
    })
    .select<DeliveryRow[]>(DELIVERY_COLUMNS);
  return rows.map(toDelivery);
}

export async function webhookDeliveriesByIds(db: Knex, ids: number[]): Promise<WebhookDelivery[]> {
  const rows = await db('webhook_deliveries').whereIn('id', ids).orderBy('id').select<DeliveryRow[]>(DELIVERY_COLUMNS);
  return rows.map(toDelivery);
}
