import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/testStores';
import { HttpError } from '../http/httpError';
import { createApiKeyLimits, type RateLimitHeaders } from './apiKeyLimits';
import { createApiKeyMeter, utcDay, type ApiKeyMeter } from './apiKeyMeter';

describe('API key allowances claimed in blocks and usage written in batches, over real Postgres', () => {
  let database: TestDatabase;
  let userId: string;
  const meters: ApiKeyMeter[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database
      .db('users')
      .insert({ email: 'meter@example.com', password_hash: 'x', subscription_status: 'active' })
      .returning<Array<{ id: string }>>('id');
    userId = user!.id;
  });
  afterAll(async () => {
    for (const meter of meters) await meter.close();
    await database.drop();
  });

  const newKey = async () => {
    const [row] = await database
      .db('api_keys')
      .insert({ user_id: userId, name: 'meter', key_prefix: 'sp_live_test', key_hash: randomBytes(32).toString('hex') })
      .returning<Array<{ id: number }>>('id');
    return row!.id;
  };
  /** A meter as one API process has it; the timer is slow unless a test asks, so each test decides when usage is written. */
  const meter = (options: Parameters<typeof createApiKeyMeter>[1] = {}) => {
    const created = createApiKeyMeter(database.db, { flushMs: 60_000, ...options });
    meters.push(created);
    return created;
  };
  /** Fires calls at once; returns the headers of the served ones and the statuses of the refused ones. */
  async function burst(consume: () => Promise<RateLimitHeaders>, calls: number) {
    const settled = await Promise.allSettled(Array.from({ length: calls }, consume));
    const served = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const refused = settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as HttpError).status] : []));
    return { served, refused };
  }
  const usageRow = async (keyId: number) =>
    database
      .db('api_key_usage')
      .where({ key_id: keyId, day: utcDay(new Date()) })
      .first<{ requests: number; reserved: number } | undefined>('requests', 'reserved');

  it('serves exactly the per-minute allowance in one process, however many calls arrive at once', async () => {
    const keyId = await newKey();
    const limits = createApiKeyLimits(meter(), { perMinute: 37, perDay: 1000 });
    const { served, refused } = await burst(() => limits.consume(keyId), 60);
    expect(served).toHaveLength(37);
    expect(refused).toEqual(Array(23).fill(429));
    // Every served call saw its own count: 36 left, 35, … 0.
    expect(served.map((h) => Number(h['RateLimit-Remaining'])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 37 }, (_, i) => i),
    );
  });

  it('serves exactly the daily allowance in one process, and the usage written is what was served', async () => {
    const keyId = await newKey();
    const m = meter();
    const limits = createApiKeyLimits(m, { perMinute: 1000, perDay: 23 });
    const { served, refused } = await burst(() => limits.consume(keyId), 40);
    expect(served).toHaveLength(23);
    expect(refused).toEqual(Array(17).fill(429));
    await m.flush();
    expect(await usageRow(keyId)).toEqual({ requests: 23, reserved: 23 });
  });

  it('never serves more than the allowance across several processes, and an idle process gives back what it did not serve', async () => {
    const keyId = await newKey();
    const allowance = { perMinute: 10_000, perDay: 100 };
    // Three processes calling with one key at once; each gives back its unserved claim after 100 ms without a call.
    const processes = [0, 1, 2].map(() => meter({ flushMs: 25, idleMs: 100 }));
    const limits = processes.map((m) => createApiKeyLimits(m, allowance));
    let turn = 0;
    const first = await burst(() => limits[turn++ % 3]!.consume(keyId), 150);
    expect(first.served.length).toBeLessThanOrEqual(100);
    expect(first.refused.every((status) => status === 429)).toBe(true);
    // Once the others are idle, one process can serve what is left of the allowance, and not one call more.
    await new Promise((r) => setTimeout(r, 400));
    const rest = await burst(() => limits[0]!.consume(keyId), 150);
    expect(first.served.length + rest.served.length).toBe(100);
    for (const m of processes) await m.flush();
    expect((await usageRow(keyId))?.requests).toBe(100);
  });

  it('writes served calls within the flush period without a reader asking, and close() gives back unserved claims', async () => {
    const keyId = await newKey();
    const m = meter({ flushMs: 100, idleMs: 60_000 });
    const limits = createApiKeyLimits(m, { perMinute: 1000, perDay: 10_000 });
    for (let i = 0; i < 5; i++) await limits.consume(keyId);
    await expect.poll(async () => (await usageRow(keyId))?.requests, { timeout: 1000, interval: 20 }).toBe(5);
    // Blocks of 1, 2 and 4 were claimed for five calls: two are unserved until the process closes.
    expect((await usageRow(keyId))?.reserved).toBe(7);
    for (let i = 0; i < 3; i++) await limits.consume(keyId);
    await m.close();
    expect(await usageRow(keyId)).toEqual({ requests: 8, reserved: 8 });
    const minute = await database.db('api_key_minute_allowance').where({ key_id: keyId }).first('reserved');
    expect(minute).toEqual({ reserved: 8 });
  });
});
