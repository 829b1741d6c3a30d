import { Client, Connection } from '@temporalio/client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MENTION_DATA_UNAVAILABLE } from '../../api/services/warehouseGuard';
import { createSimulatedConnector } from '../../workflows/connectors/simulatedFeed';
import { simulatedTickers } from '../../workflows/connectors/simulatedTickers';
import type { Source } from '../../domain/scans/connector';
import type { scanPlatform } from '../../workflows/definitions';
import { startWorker, type RunningWorker } from '../../workflows/worker';
import { expectedMentionKeys, rollupMentionTotal, storedMentionKeys } from '../support/expectedMentions';
import { signedInCookie } from '../support/signIn';
import { TEST_BACKFILL_MINUTES, testActivities } from '../support/testActivities';
import { startTestApp, type TestApp } from '../support/testApp';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../support/testStores';
import { withOutageSwitch, type WarehouseOutage } from '../support/warehouseOutage';

const now = () => new Date('2026-11-20T15:30:00Z');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ClickHouse unavailable for a while', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  let outage: WarehouseOutage;
  let t: TestApp;
  let worker: RunningWorker;
  let client: Client;
  let cookie: string;
  const taskQueue = uniqueTaskQueue('outage');

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    store = await createTestWarehouse();
    outage = withOutageSwitch(store.warehouse);
    t = await startTestApp({ db: database.db, warehouse: outage.warehouse, dashboardCacheMs: 0 });
    cookie = await signedInCookie(t, 'outage@example.com');
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(database.db, outage.warehouse, { now, postsPerMinute: 3 }),
    });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await worker?.stop();
    await client?.connection.close();
    await t?.close();
    await store?.close();
    await database?.drop();
  });

  it('the API answers 503 with a clear message for mention data and keeps serving accounts', async () => {
    outage.begin();
    try {
      for (const path of [
        '/api/stocks',
        '/api/stocks?range=24hours',
        '/api/stocks/TSLA/historical',
        '/api/stocks/TSLA/posts',
      ]) {
        const res = await request(t.server).get(path).set('Cookie', cookie);
        expect(res.status, path).toBe(503);
        expect(res.body).toEqual({ message: MENTION_DATA_UNAVAILABLE });
      }
      expect((await request(t.server).get('/api/user').set('Cookie', cookie)).status).toBe(200);
      const profile = await request(t.server)
        .patch('/api/user/profile')
        .set('Cookie', cookie)
        .send({ firstName: 'Still', lastName: 'Here', email: 'outage@example.com' });
      expect(profile.status).toBe(200);
      expect((await request(t.server).get('/api/status').set('Cookie', cookie)).status).toBe(200);
    } finally {
      outage.end();
    }
    expect((await request(t.server).get('/api/stocks').set('Cookie', cookie)).status).toBe(200);
  });

  it('a scan during the outage retries with back-off, then catches up to exactly a clean run’s mentions', async () => {
    outage.begin();
    const refusedBefore = outage.refused;
    const handle = await client.workflow.start<typeof scanPlatform>('scanPlatform', {
      taskQueue,
      workflowId: `scan-reddit-${taskQueue}`,
      args: [{ platform: 'reddit' }],
    });
    // Wait for the first try and one back-off retry to be refused (a fixed sleep was too short on a loaded
    // machine, where fetching and analysing a source's posts takes seconds).
    for (const deadline = Date.now() + 60_000; outage.refused - refusedBefore < 2 && Date.now() < deadline;)
      await sleep(250);
    // Still running, and every write attempt so far was refused (first try plus back-off retries).
    expect((await handle.describe()).status.name).toBe('RUNNING');
    expect(outage.refused - refusedBefore).toBeGreaterThanOrEqual(2);
    outage.end();

    const result = await handle.result();
    expect(result.failedSources).toBe(0);
    const sources: Source[] = (
      await database.db('platform_settings').where({ platform: 'reddit' }).first('values')
    ).values.map((value: string) => ({ platform: 'reddit', settingType: 'subreddits', value }));
    const universe = await database.db('tickers').select('symbol', 'name', 'aliases');
    const connector = createSimulatedConnector('reddit', {
      seed: 7,
      postsPerMinute: 3,
      backfillMinutes: TEST_BACKFILL_MINUTES,
      tickers: simulatedTickers(universe, 7),
      now,
    });
    const expected = await expectedMentionKeys(database.db, connector, sources);
    expect(expected.length).toBeGreaterThan(100);
    expect(await storedMentionKeys(store.warehouse)).toEqual(expected);
    expect(await rollupMentionTotal(store.warehouse)).toBe(expected.length);
  }, 120_000);
});
