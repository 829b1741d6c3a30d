import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { evaluateAlerts, webhookDelivery } from '../../workflows/definitions';
import { webhookDeliveryId } from '../../workflows/definitions/webhookDelivery';
import { MINUTE, mentionAt } from '../support/mentionRows';
import { killWorkerProcess, spawnWorkerProcess } from '../support/spawnWorker';
import { createTestDatabase, uniqueTaskQueue, type TestDatabase } from '../support/testStores';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

const SIMULATED_NOW = '2026-11-20T15:30:00Z';
const FIRINGS = 3;

/**
 * The guarantee: at least once, with a stable idempotency key. A worker killed while a receiver is reading a delivery
 * cannot know whether it arrived, so the retry sends it again with the same X-StockPulse-Delivery key; a delivery whose
 * success was recorded is never sent again. A receiver that drops keys it has handled processes each firing once.
 */
describe('a worker killed (SIGKILL) while webhook receivers are reading deliveries', () => {
  let database: TestDatabase;
  let client: Client;
  let receiver: WebhookReceiver;
  let first: ChildProcess | undefined;
  let second: ChildProcess | undefined;
  const taskQueue = uniqueTaskQueue('webhook-kill');
  const chdbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-webhook-kill-'));
  const mentionsFile = path.join(chdbPath, 'mentions.json');
  /** Until the kill, every request is held unanswered (the receiver is still reading when the worker dies). */
  let killed = false;
  let releaseHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => (releaseHeld = resolve));
  /** 2xx answers that reached a live sender, per delivery key. */
  const accepted = new Map<string, number>();

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
    receiver = await startWebhookReceiver({
      answer: async (_n, hook) => {
        // A held request's sender is dead by the time it is released: no answer reaches anyone.
        if (!killed) await held;
        else accepted.set(hook.deliveryKey, (accepted.get(hook.deliveryKey) ?? 0) + 1);
        return 200;
      },
    });
  });
  afterAll(async () => {
    for (const child of [first, second]) if (child) await killWorkerProcess(child);
    releaseHeld();
    await receiver?.close();
    await client?.connection.close();
    await database?.drop();
    fs.rmSync(chdbPath, { recursive: true, force: true });
  });

  it('every firing reaches its receiver with one key, repeated only for what was in flight, and is logged delivered once', async () => {
    const tickers = ['GME', 'AMC', 'BB'].slice(0, FIRINGS);
    for (const [i, ticker] of tickers.entries()) {
      const [user] = await database
        .db('users')
        .insert({ email: `user${i}@example.com`, password_hash: 'x', subscription_status: 'active' })
        .returning('id');
      const [stock] = await database
        .db('stocks')
        .insert({ ticker, name: `${ticker} Inc.`, price: '10.00' })
        .returning('id');
      await database.db('alerts').insert({
        user_id: user.id,
        stock_id: stock.id,
        mention_threshold: 3,
        window_minutes: 60,
        email_enabled: false,
        sms_enabled: false,
      });
      await database.db('webhook_targets').insert({ user_id: user.id, url: receiver.url(`/user${i}`), format: 'json' });
    }
    const at = new Date(SIMULATED_NOW).getTime() - 10 * MINUTE;
    fs.writeFileSync(
      mentionsFile,
      JSON.stringify(tickers.flatMap((t) => Array.from({ length: 4 }, (_, i) => mentionAt(t, at + i * 1000)))),
    );
    const env = {
      DATABASE_URL: database.url,
      CHDB_PATH: chdbPath,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TASK_QUEUE: taskQueue,
      SIMULATED_NOW,
    };
    first = await spawnWorkerProcess({ ...env, MENTIONS_FILE: mentionsFile });

    const evaluation = await client.workflow.execute<typeof evaluateAlerts>('evaluateAlerts', {
      taskQueue,
      workflowId: `evaluate-alerts-${taskQueue}`,
    });
    expect(evaluation.crossed).toBe(FIRINGS);
    for (let i = 0; i < 300 && receiver.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    // Let the other deliveries of this moment arrive too, then kill the worker while the receiver holds them all.
    await new Promise((r) => setTimeout(r, 500));
    await killWorkerProcess(first);
    const inFlightAtKill = receiver.received.length;
    killed = true;
    releaseHeld();
    expect(inFlightAtKill).toBeGreaterThanOrEqual(1);

    second = await spawnWorkerProcess(env);
    const ids = (await database.db('webhook_deliveries').orderBy('id').pluck('id')).map(Number);
    expect(ids).toHaveLength(FIRINGS);
    const results = await Promise.all(
      ids.map((id) => client.workflow.getHandle<typeof webhookDelivery>(webhookDeliveryId(id)).result()),
    );
    expect(results).toEqual(Array(FIRINGS).fill('delivered'));

    // Exactly one key per firing; the total is one per firing plus one repeat of each delivery cut off by the kill.
    expect(receiver.distinctKeys()).toBe(FIRINGS);
    expect(receiver.received).toHaveLength(FIRINGS + inFlightAtKill);
    // Each key was answered 2xx to a live sender exactly once, so each firing is recorded delivered once.
    expect([...accepted.values()]).toEqual(Array(FIRINGS).fill(1));
    const rows = await database.db('webhook_deliveries').orderBy('id').select('status', 'attempts', 'http_status');
    expect(rows.every((r) => r.status === 'delivered' && r.http_status === 200)).toBe(true);
    expect(rows.filter((r) => r.attempts === 2)).toHaveLength(inFlightAtKill);
    expect(rows.filter((r) => r.attempts === 1)).toHaveLength(FIRINGS - inFlightAtKill);
  }, 120_000);
});
