import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../tests/support/testStores';
import { testActivities } from '../tests/support/testActivities';
import { startWorker, type RunningWorker } from './worker';

describe('healthProbe workflow on the real Temporal dev server', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  let worker: RunningWorker;
  let connection: Connection;
  const taskQueue = uniqueTaskQueue('probe');

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createTestWarehouse();
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(database.db, store.warehouse),
    });
    connection = await Connection.connect({ address: inject('temporalAddress') });
  });
  afterAll(async () => {
    await worker?.stop();
    await connection?.close();
    await store?.close();
    await database?.drop();
  });

  it('runs through the worker and reaches Postgres and ClickHouse', async () => {
    const client = new Client({ connection });
    const result = await client.workflow.execute('healthProbe', {
      taskQueue,
      workflowId: `health-probe-${taskQueue}`,
      args: [],
    });
    expect(result.postgresMs).toBeGreaterThanOrEqual(0);
    expect(result.clickhouseMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(result.checkedAt)).not.toBeNaN();
    const history = await client.workflow.getHandle(`health-probe-${taskQueue}`).fetchHistory();
    const activityTypes = history.events!.flatMap((e) =>
      e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes.activityType?.name] : [],
    );
    expect(activityTypes).toEqual(['probeStores']);
  });
});
