import { Client, Connection } from '@temporalio/client';
import { loadSentimentModel } from '../domain/signal/sentimentModel';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectedMentionKeys, rollupMentionTotal, storedMentionKeys } from '../tests/support/expectedMentions';
import { TEST_BACKFILL_MINUTES, testActivities } from '../tests/support/testActivities';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../tests/support/testStores';
import { createSimulatedConnector } from './connectors/simulatedFeed';
import { simulatedTickers } from './connectors/simulatedTickers';
import type { Source } from '../domain/scans/connector';
import type { scanPlatform } from './definitions';
import { startWorker, type RunningWorker } from './worker';

const now = () => new Date('2026-11-20T15:30:00Z');

describe('ScanPlatform on the real Temporal dev server, chDB and Postgres', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  let worker: RunningWorker;
  let client: Client;
  const taskQueue = uniqueTaskQueue('scan');

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    store = await createTestWarehouse();
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(database.db, store.warehouse, { now, postsPerMinute: 3 }),
    });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await worker?.stop();
    await client?.connection.close();
    await store?.close();
    await database?.drop();
  });

  const runScan = (id: string) =>
    client.workflow.execute<typeof scanPlatform>('scanPlatform', {
      taskQueue,
      workflowId: id,
      args: [{ platform: 'reddit' }],
    });

  it('writes exactly the mentions the analyser finds in every source, adds a row per mentioned stock and stores its sentiment', async () => {
    const result = await runScan(`scan-reddit-${taskQueue}-1`);
    const sources: Source[] = (
      await database.db('platform_settings').where({ platform: 'reddit' }).first('values')
    ).values.map((value: string) => ({ platform: 'reddit', settingType: 'subreddits', value }));
    expect(result.sources.map((s) => s.source)).toEqual(sources.map((s) => s.value));
    expect(result.failedSources).toBe(0);
    expect(result.simulated).toBe(true);
    expect(result.posts).toBeGreaterThan(500);

    const universe = await database.db('tickers').select('symbol', 'name', 'aliases');
    const connector = createSimulatedConnector('reddit', {
      seed: 7,
      postsPerMinute: 3,
      backfillMinutes: TEST_BACKFILL_MINUTES,
      tickers: simulatedTickers(universe, 7),
      now,
    });
    const expected = await expectedMentionKeys(database.db, connector, sources);
    expect(await storedMentionKeys(store.warehouse)).toEqual(expected);
    expect(result.mentions).toBe(expected.length);
    expect(await rollupMentionTotal(store.warehouse)).toBe(expected.length);
    // Every row says which analyser scored it: the learned model shipped in the repository.
    const analysers = await store.warehouse.query({
      query: 'SELECT DISTINCT analyser FROM mentions FINAL',
      format: 'JSONEachRow',
    });
    expect(await analysers.json()).toEqual([{ analyser: loadSentimentModel().version }]);

    // Every mentioned stock has its row (the list reads them, never adds them), with the day's majority sentiment.
    const stocks = await database.db('stocks').orderBy('ticker').select('ticker', 'sentiment');
    expect(stocks.map((s) => s.ticker).sort()).toEqual([...new Set(expected.map((k) => k.split('|')[0]))].sort());
    expect(stocks.some((s) => s.sentiment !== 'neutral')).toBe(true);
  });

  it('a second scan resumes from the stored cursors and finds nothing new in the same minute', async () => {
    const before = await rollupMentionTotal(store.warehouse);
    const result = await runScan(`scan-reddit-${taskQueue}-2`);
    expect(result.posts).toBe(0);
    expect(await rollupMentionTotal(store.warehouse)).toBe(before);
  });

  it('re-scanning the same window from scratch (a replayed or reset scan) does not double count', async () => {
    const before = await storedMentionKeys(store.warehouse);
    await database.db('source_cursors').delete();
    const result = await runScan(`scan-reddit-${taskQueue}-3`);
    expect(result.mentions).toBe(before.length);
    expect(await storedMentionKeys(store.warehouse)).toEqual(before);
    expect(await rollupMentionTotal(store.warehouse)).toBe(before.length);
  });
});
