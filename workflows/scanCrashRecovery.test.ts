import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectedMentionKeys, rollupMentionTotal, storedMentionKeys } from '../tests/support/expectedMentions';
import { spawnWorkerProcess } from '../tests/support/spawnWorker';
import { TEST_BACKFILL_MINUTES, testActivities } from '../tests/support/testActivities';
import { createTestDatabase, uniqueTaskQueue, type TestDatabase } from '../tests/support/testStores';
import { connectWarehouse, type Warehouse } from '../warehouse/client';
import { migrateWarehouse } from '../warehouse/migrate';
import { createSimulatedConnector } from './connectors/simulatedFeed';
import { simulatedTickers } from './connectors/simulatedTickers';
import type { Source } from '../domain/scans/connector';
import type { scanPlatform } from './definitions';
import { startWorker, type RunningWorker } from './worker';

const SIMULATED_NOW = '2026-11-20T15:30:00Z';

describe('a worker killed (SIGKILL) in the middle of a scan', () => {
  let database: TestDatabase;
  let client: Client;
  let child: ChildProcess | undefined;
  let warehouse: Warehouse | undefined;
  let worker: RunningWorker | undefined;
  const taskQueue = uniqueTaskQueue('crash');
  const chdbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-crash-'));

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await worker?.stop();
    await warehouse?.close();
    await client?.connection.close();
    await database?.drop();
    fs.rmSync(chdbPath, { recursive: true, force: true });
  });

  it('finishes on another worker with no duplicate and no missing mention', async () => {
    child = await spawnWorkerProcess({
      DATABASE_URL: database.url,
      CHDB_PATH: chdbPath,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TASK_QUEUE: taskQueue,
      SIMULATED_NOW,
      SOURCE_DELAY_MS: '1500',
    });

    const handle = await client.workflow.start<typeof scanPlatform>('scanPlatform', {
      taskQueue,
      workflowId: `scan-reddit-${taskQueue}`,
      args: [{ platform: 'reddit' }],
    });
    // Kill the worker once the first source is written and the next is in flight.
    for (let i = 0; i < 200; i++) {
      const done = await database.db('source_cursors').whereNotNull('cursor').count({ n: '*' });
      if (Number(done[0]!.n) >= 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const writtenBeforeKill = Number(
      (await database.db('source_cursors').whereNotNull('cursor').count({ n: '*' }))[0]!.n,
    );
    expect(writtenBeforeKill).toBeGreaterThanOrEqual(1);
    expect(writtenBeforeKill).toBeLessThan(5);

    // A fresh worker (this process) takes over the same stores.
    warehouse = await connectWarehouse({ user: 'default', password: '', database: 'stockpulse', chdbPath });
    await migrateWarehouse(warehouse);
    const now = () => new Date(SIMULATED_NOW);
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(database.db, warehouse, { now, postsPerMinute: 3 }),
    });
    const result = await handle.result();
    expect(result.failedSources).toBe(0);

    const sources: Source[] = (
      await database.db('platform_settings').where({ platform: 'reddit' }).first('values')
    ).values.map((value: string) => ({ platform: 'reddit', settingType: 'subreddits', value }));
    const universe = await database.db('tickers').select('symbol', 'name', 'aliases');
    const expected = await expectedMentionKeys(
      database.db,
      createSimulatedConnector('reddit', {
        seed: 7,
        postsPerMinute: 3,
        backfillMinutes: TEST_BACKFILL_MINUTES,
        tickers: simulatedTickers(universe, 7),
        now,
      }),
      sources,
    );
    expect(await storedMentionKeys(warehouse)).toEqual(expected);
    expect(await rollupMentionTotal(warehouse)).toBe(expected.length);
  }, 120_000);
});
