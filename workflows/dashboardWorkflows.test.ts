import { Client, Connection, ScheduleOverlapPolicy } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HOUR, MINUTE, mentionAt } from '../tests/support/mentionRows';
import { testActivities } from '../tests/support/testActivities';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../tests/support/testStores';
import { insertMentions } from '../warehouse/queries/insertMentions';
import type { detectTrends, refreshPrices, scanPlatform } from './definitions';
import { detectTrendsAfterScanId } from './definitions/scanPlatform';
import { createSimulatedPriceProvider } from '../domain/prices/simulatedPrices';
import { ensurePriceSchedule, PRICE_SCHEDULE_ID } from './schedules';
import { startWorker, type RunningWorker } from './worker';

// A Friday in the regular session (10:30 New York): the simulated prices move minute by minute.
const pinned = new Date('2026-11-20T15:30:00Z');
const now = () => pinned;

describe('RefreshPrices and DetectTrends on the real Temporal dev server, chDB and Postgres', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  let worker: RunningWorker;
  let client: Client;
  const taskQueue = uniqueTaskQueue('dashwf');
  // Schedule ids are namespace-wide: this file's own, so other files' `refresh-prices` is left alone.
  const scheduleId = `${PRICE_SCHEDULE_ID}-${taskQueue}`;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    store = await createTestWarehouse();
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(database.db, store.warehouse, {
        now,
        postsPerMinute: 3,
        prices: createSimulatedPriceProvider({ seed: 3, now }),
      }),
    });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await client?.schedule
      .getHandle(scheduleId)
      .delete()
      .catch(() => {});
    await worker?.stop();
    await client?.connection.close();
    await store?.close();
    await database?.drop();
  });

  it("RefreshPrices updates every stock of the snapshot and stores its ticks, after backfilling a fresh install's week", async () => {
    await database.db('stocks').insert([
      { ticker: 'NVDA', name: 'NVIDIA Corporation' },
      { ticker: 'AMC', name: 'AMC Entertainment Holdings, Inc.' },
    ]);
    const result = await client.workflow.execute<typeof refreshPrices>('refreshPrices', {
      taskQueue,
      workflowId: `refresh-prices-${taskQueue}`,
    });
    expect(result).toMatchObject({ updatedCount: 2, simulated: true });
    const rows = await database.db('stocks').orderBy('ticker').select('ticker', 'price');
    expect(rows.every((r) => Number(r.price) > 0)).toBe(true);
    const ticks = await (
      await store.warehouse.query({
        query:
          'SELECT ticker, count() AS n, toUnixTimestamp64Milli(min(ts)) AS first, toUnixTimestamp64Milli(max(ts)) AS last FROM price_ticks FINAL GROUP BY ticker ORDER BY ticker',
        format: 'JSONEachRow',
      })
    ).json<{ ticker: string; n: string; first: number; last: number }>();
    expect(ticks.map((t) => [t.ticker, t.last])).toEqual([
      ['AMC', pinned.getTime()],
      ['NVDA', pinned.getTime()],
    ]);
    // Five sessions back (the week before), every 15 minutes, then every 5 and every minute of the last hour.
    expect(result.ticks).toBe(ticks.reduce((sum, t) => sum + Number(t.n), 0));
    for (const t of ticks) {
      expect(Number(t.n)).toBeGreaterThan(150);
      expect(t.first).toBeGreaterThanOrEqual(pinned.getTime() - 7 * 86_400_000);
      expect(t.first).toBeLessThan(pinned.getTime() - 6 * 86_400_000);
    }
    // The next refresh at the same moment has nothing left to fill.
    const again = await client.workflow.execute<typeof refreshPrices>('refreshPrices', {
      taskQueue,
      workflowId: `refresh-prices-again-${taskQueue}`,
    });
    expect(again).toEqual({
      updatedCount: 2,
      ticks: 0,
      simulated: true,
      source: 'simulated',
      priced: 2,
      historyFilled: 0,
      historyPending: 0,
    });
  });

  it('DetectTrends scores the last hour against the baseline and fills trending_stocks', async () => {
    const t = pinned.getTime();
    await insertMentions(store.warehouse, [
      ...Array.from({ length: 12 }, (_, i) => mentionAt('AMC', t - (1 + i) * MINUTE, { label: 'bullish' })),
      ...Array.from({ length: 24 }, (_, i) => mentionAt('NVDA', t - (i + 2) * HOUR)), // steady, one an hour
      mentionAt('NVDA', t - 5 * MINUTE),
    ]);
    const result = await client.workflow.execute<typeof detectTrends>('detectTrends', {
      taskQueue,
      workflowId: `detect-trends-${taskQueue}`,
    });
    expect(result).toEqual({ trendsDetected: 1, newTrends: 1, scored: 2, detectedAt: pinned.toISOString() });
    const trending = await database
      .db('trending_stocks')
      .select('ticker', 'mention_velocity', 'is_new_trend', 'detected_at');
    expect(trending).toEqual([{ ticker: 'AMC', mention_velocity: '12.00', is_new_trend: true, detected_at: pinned }]);
  });

  it('every scan starts DetectTrends as an abandoned child with a stable id per scan', async () => {
    const scanId = `scan-reddit-${taskQueue}`;
    const scan = await client.workflow.execute<typeof scanPlatform>('scanPlatform', {
      taskQueue,
      workflowId: scanId,
      args: [{ platform: 'reddit' }],
    });
    expect(scan.mentions).toBeGreaterThan(0);
    const child = client.workflow.getHandle<typeof detectTrends>(detectTrendsAfterScanId(scanId));
    expect(child.workflowId).toBe(`detect-trends-after-${scanId}`);
    const detection = await child.result();
    expect(detection.scored).toBeGreaterThan(2); // the scan's fresh mentions are scored too
    const description = await child.describe();
    expect(description.type).toBe('detectTrends');
    expect(description.parentExecution?.workflowId).toBe(scanId);
  });

  it('the refresh-prices schedule runs every minute without overlapping, and is created idempotently', async () => {
    expect(await ensurePriceSchedule(client, { taskQueue, scheduleId })).toBe(scheduleId);
    expect(await ensurePriceSchedule(client, { taskQueue, scheduleId })).toBe(scheduleId);
    const schedule = await client.schedule.getHandle(scheduleId).describe();
    expect(schedule.spec.intervals?.map((i) => i.every)).toEqual([60_000]);
    expect(schedule.policies.overlap).toBe(ScheduleOverlapPolicy.SKIP);
    expect(schedule.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'refreshPrices',
      workflowId: scheduleId,
      taskQueue,
    });
    expect(PRICE_SCHEDULE_ID).toBe('refresh-prices');
  });
});
