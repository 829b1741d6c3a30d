import { createHmac } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { webhookBodySchema } from '../core/contracts/webhooks';
import { MINUTE, mentionAt } from '../tests/support/mentionRows';
import { recordingChannels } from '../tests/support/recordingChannels';
import { testActivities } from '../tests/support/testActivities';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../tests/support/testStores';
import { startWebhookReceiver, type WebhookReceiver } from '../tests/support/webhookReceiver';
import {
  alertOutcomeDistribution,
  listUserAlertOutcomes,
  recordAlertFirings,
} from '../warehouse/postgres/alertOutcomes';
import { webhookSecretOf } from '../warehouse/postgres/webhooks';
import { insertMentions } from '../warehouse/queries/insertMentions';
import { insertPriceTicks } from '../warehouse/queries/insertPriceTicks';
import type { evaluateAlerts, webhookDelivery } from './definitions';
import { webhookDeliveryId } from './definitions/webhookDelivery';
import { startWorker, type RunningWorker } from './worker';

const FIRED = new Date('2026-11-20T15:30:00Z').getTime();
let clock = FIRED;
const now = () => new Date(clock);

describe('webhooks and price outcomes after EvaluateAlerts, on the real Temporal dev server, chDB and Postgres', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  let worker: RunningWorker;
  let client: Client;
  let receiver: WebhookReceiver;
  let activities: Awaited<ReturnType<typeof testActivities>>;
  const taskQueue = uniqueTaskQueue('webhooks');
  const secrets = new Map<string, string>();
  /** Requests to /flaky answered 500, 503, then 200; the moments each arrived. */
  const flakyAt: number[] = [];
  let run = 0;

  const evaluate = () =>
    client.workflow.execute<typeof evaluateAlerts>('evaluateAlerts', {
      taskQueue,
      workflowId: `evaluate-alerts-${taskQueue}-${++run}`,
    });
  const deliveryRows = () =>
    database
      .db('webhook_deliveries')
      .orderBy('id')
      .select('id', 'url', 'status', 'attempts', 'http_status', 'delivery_key', 'alert_id');
  const waitForDelivery = (id: number) =>
    client.workflow.getHandle<typeof webhookDelivery>(webhookDeliveryId(id)).result();

  async function user(email: string, fields: Record<string, unknown> = {}): Promise<string> {
    const [row] = await database
      .db('users')
      .insert({ email, password_hash: 'x', subscription_status: 'active', ...fields })
      .returning('id');
    secrets.set(row.id, await webhookSecretOf(database.db, row.id));
    return row.id as string;
  }
  async function stock(ticker: string, price = '12.34'): Promise<number> {
    const [row] = await database
      .db('stocks')
      .insert({ ticker, name: `${ticker} Inc.`, price, change_percent: '1.50', sentiment: 'bullish' })
      .returning('id');
    return row.id as number;
  }
  const alert = async (userId: string, stockId: number) =>
    (
      await database
        .db('alerts')
        .insert({
          user_id: userId,
          stock_id: stockId,
          mention_threshold: 3,
          window_minutes: 60,
          email_enabled: false,
          sms_enabled: false,
        })
        .returning('id')
    )[0].id as number;
  const mentions = (ticker: string, count: number) =>
    insertMentions(
      store.warehouse,
      Array.from({ length: count }, (_, i) => mentionAt(ticker, clock - 10 * MINUTE + i * 1000)),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createTestWarehouse();
    receiver = await startWebhookReceiver({
      answer: (_n, hook) => {
        if (!hook.path.startsWith('/flaky')) return 200;
        flakyAt.push(Date.now());
        return [500, 503][flakyAt.length - 1] ?? 200;
      },
    });
    activities = await testActivities(database.db, store.warehouse, {
      now,
      notifications: recordingChannels(),
      webhooks: { allowPrivateTargets: true },
    });
    worker = await startWorker({ address: inject('temporalAddress'), namespace: 'default', taskQueue, activities });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await worker?.stop();
    await client?.connection.close();
    await receiver?.close();
    await store?.close();
    await database?.drop();
  });

  /** The receiver's own signature check needs the one secret of the user a request was for. */
  const verifiedWith = (userId: string, raw: string, header: string) => {
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(header) ?? [];
    return Boolean(t) && createHmac('sha256', secrets.get(userId)!).update(`${t}.${raw}`).digest('hex') === v1;
  };

  it('retries a failing receiver with growing back-off until it answers 200, then never sends again', async () => {
    const ann = await user('ann@example.com');
    await database.db('webhook_targets').insert({ user_id: ann, url: receiver.url('/flaky'), format: 'json' });
    const alertId = await alert(ann, await stock('GME', '25.50'));
    await mentions('GME', 4);

    const result = await evaluate();
    expect(result).toMatchObject({ crossed: 1 });
    const [row] = await deliveryRows();
    expect(await waitForDelivery(Number(row.id))).toBe('delivered');

    const hits = receiver.received.filter((r) => r.path === '/flaky');
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => h.deliveryKey)).size).toBe(1);
    expect(hits.every((h) => verifiedWith(ann, h.raw, h.headers['x-stockpulse-signature'] as string))).toBe(true);
    // Back-off: the second wait is longer than the first (2 s, then 4 s, from the retry policy).
    const [a, b, c] = flakyAt;
    expect(b! - a!).toBeGreaterThanOrEqual(1500);
    expect(c! - b!).toBeGreaterThan(b! - a!);
    const body = webhookBodySchema.parse(hits[2]!.body);
    expect(body).toMatchObject({
      event: 'alert.fired',
      alertId,
      kind: 'threshold',
      ticker: 'GME',
      name: 'GME Inc.',
      windowMinutes: 60,
      count: 4,
      threshold: 3,
      priceAtFire: 25.5,
      firedAt: new Date(FIRED).toISOString(),
      deliveryId: hits[0]!.deliveryKey,
    });
    expect(body.deliveryId).toBe(`alert:${alertId}:crossing:1:webhook:${body.deliveryId.split(':').pop()}`);
    expect(await deliveryRows()).toEqual([
      expect.objectContaining({ status: 'delivered', attempts: 3, http_status: 200 }),
    ]);

    // Another evaluation (still above: no new crossing), a repeated activity and a repeated workflow send nothing.
    await evaluate();
    expect(await activities.deliverWebhook(Number(row.id))).toBe('skipped');
    await client.workflow.execute<typeof webhookDelivery>('webhookDelivery', {
      taskQueue,
      workflowId: `${webhookDeliveryId(Number(row.id))}-again`,
      args: [Number(row.id)],
    });
    expect(receiver.received.filter((r) => r.path === '/flaky')).toHaveLength(3);
    expect(await deliveryRows()).toHaveLength(1);
  }, 60_000);

  it('sends an alert with its own target there only, the others to every target of their owner, and nothing for users who are not notified', async () => {
    const ben = await user('ben@example.com');
    const gone = await user('gone@example.com', { subscription_status: 'expired' });
    await database.db('webhook_targets').insert([
      { user_id: ben, url: receiver.url('/ben-1'), format: 'json' },
      { user_id: ben, url: receiver.url('/ben-2'), format: 'slack' },
      { user_id: gone, url: receiver.url('/gone'), format: 'json' },
    ]);
    const own = await alert(ben, await stock('AMC'));
    await database.db('alert_webhooks').insert({ alert_id: own, url: receiver.url('/ben-amc'), format: 'discord' });
    await alert(ben, await stock('BB'));
    await alert(gone, await stock('NOK'));
    await Promise.all(['AMC', 'BB', 'NOK'].map((t) => mentions(t, 4)));

    const before = (await deliveryRows()).length;
    expect(await evaluate()).toMatchObject({ crossed: 3 });
    const rows = (await deliveryRows()).slice(before);
    expect(rows.map((r) => new URL(r.url).pathname).sort()).toEqual(['/ben-1', '/ben-2', '/ben-amc']);
    for (const r of rows) expect(await waitForDelivery(Number(r.id))).toBe('delivered');
    const paths = receiver.received.map((r) => r.path);
    expect(paths).not.toContain('/gone');
    expect(paths.filter((p) => p === '/ben-amc')).toHaveLength(1);
    expect(receiver.received.find((r) => r.path === '/ben-amc')!.body).toMatchObject({
      content: expect.stringContaining('AMC threshold alert: 4 mentions in 1h (threshold 3)'),
    });
    // Each alert fired once: one outcome row per firing, for every user (the expired one's alert fired too).
    expect(await database.db('alert_outcomes').count({ n: '*' })).toEqual([{ n: 4 }]);
  }, 60_000);

  it('records the price at the firing and 15, 30 and 60 minutes later from the stored ticks, once each has passed', async () => {
    const tick = (minutes: number, price: number) => ({
      ticker: 'GME',
      ts: new Date(FIRED + minutes * MINUTE),
      price,
      changePercent: 0,
      source: 'simulated',
    });
    await insertPriceTicks(store.warehouse, [
      tick(-20, 90),
      tick(-1, 100),
      tick(14, 101),
      tick(29, 99),
      tick(31, 150),
      tick(58, 104),
    ]);
    const ann = (await database.db('users').where({ email: 'ann@example.com' }).first('id')).id as string;

    clock = FIRED + 20 * MINUTE; // +15 has passed, +30 and +60 not yet
    await activities.fillAlertOutcomes();
    let [outcome] = await listUserAlertOutcomes(database.db, ann, 10);
    expect(outcome).toMatchObject({
      ticker: 'GME',
      kind: 'threshold',
      priceAtFire: 100,
      later: { m15: 101, m30: null, m60: null },
      simulated: true,
    });
    expect(outcome!.movePercent.m15).toBeCloseTo(1, 6);

    clock = FIRED + 75 * MINUTE; // every moment past, and the grace period after the last
    await evaluate(); // the workflow fills them too
    await activities.fillAlertOutcomes(); // and again: nothing changes
    [outcome] = await listUserAlertOutcomes(database.db, ann, 10);
    expect(outcome).toMatchObject({ priceAtFire: 100, later: { m15: 101, m30: 99, m60: 104 }, simulated: true });
    expect(outcome!.movePercent.m30).toBeCloseTo(-1, 6);
    expect(outcome!.movePercent.m60).toBeCloseTo(4, 6);
    expect(
      await database.db('alert_outcomes').where({ user_id: ann }).whereNotNull('settled_at').count({ n: '*' }),
    ).toEqual([{ n: 1 }]);

    // The other firings had no GME ticks: settled with no price, and left out of the distribution.
    const distribution = await alertOutcomeDistribution(database.db);
    expect(distribution.rows).toEqual([
      {
        kind: 'threshold',
        horizonMinutes: 15,
        simulated: true,
        alerts: 1,
        medianPercent: expect.closeTo(1, 6),
        q1Percent: expect.closeTo(1, 6),
        q3Percent: expect.closeTo(1, 6),
      },
      {
        kind: 'threshold',
        horizonMinutes: 30,
        simulated: true,
        alerts: 1,
        medianPercent: expect.closeTo(-1, 6),
        q1Percent: expect.closeTo(-1, 6),
        q3Percent: expect.closeTo(-1, 6),
      },
      {
        kind: 'threshold',
        horizonMinutes: 60,
        simulated: true,
        alerts: 1,
        medianPercent: expect.closeTo(4, 6),
        q1Percent: expect.closeTo(4, 6),
        q3Percent: expect.closeTo(4, 6),
      },
    ]);
    expect(await database.db('alert_outcomes').whereNull('settled_at').count({ n: '*' })).toEqual([{ n: 0 }]);
  }, 60_000);
  it('prices a firing while the market is closed at the last close, and leaves its later moments unmeasured (the price cannot move)', async () => {
    const zed = await user('zed@example.com');
    const saturday = new Date('2026-11-21T15:00:00Z').getTime();
    await insertPriceTicks(store.warehouse, [
      { ticker: 'SNDL', ts: new Date('2026-11-20T20:59:00Z'), price: 2.5, changePercent: 0, source: 'simulated' },
    ]);
    await recordAlertFirings(database.db, [
      {
        firingKey: 'closed-market:SNDL',
        userId: zed,
        alertId: await alert(zed, await stock('SNDL')),
        ticker: 'SNDL',
        kind: 'threshold',
        firedAt: new Date(saturday),
      },
    ]);
    clock = saturday + 75 * MINUTE;
    await activities.fillAlertOutcomes();
    const [outcome] = await listUserAlertOutcomes(database.db, zed, 10);
    expect(outcome).toMatchObject({
      priceAtFire: 2.5,
      later: { m15: null, m30: null, m60: null },
      marketClosed: { m15: true, m30: true, m60: true },
      simulated: true,
    });
    expect(
      await database.db('alert_outcomes').where({ user_id: zed }).whereNotNull('settled_at').count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
    expect((await alertOutcomeDistribution(database.db)).rows.every((r) => r.alerts === 1)).toBe(true);
  }, 60_000);
});
