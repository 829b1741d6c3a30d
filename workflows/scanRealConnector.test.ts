import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET } from '../tests/replay/redditReplay';
import { ReplayServer } from '../tests/replay/replayServer';
import { memoryLimiters, testHttpPolicy } from '../tests/replay/testing';
import { storedMentionKeys } from '../tests/support/expectedMentions';
import { testActivities } from '../tests/support/testActivities';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../tests/support/testStores';
import { createRealConnectors } from './connectors/realConnectors';
import type { scanPlatform } from './definitions';
import { startWorker, type RunningWorker } from './worker';

describe('ScanPlatform through the real Reddit connector (replayed API)', () => {
  let replay: ReplayServer;
  let database: TestDatabase;
  let store: TestWarehouse;
  let worker: RunningWorker;
  let client: Client;
  const taskQueue = uniqueTaskQueue('reddit');

  beforeAll(async () => {
    replay = await ReplayServer.start();
    database = await createTestDatabase({ seed: true });
    store = await createTestWarehouse();
    await database
      .db('platform_settings')
      .where({ platform: 'reddit', setting_type: 'subreddits' })
      .update({ values: ['wallstreetbets', 'stocks'] });
    const real = createRealConnectors(
      { REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET, REDDIT_API_URL: replay.url, REDDIT_AUTH_URL: replay.url },
      { limiters: memoryLimiters, http: testHttpPolicy },
    );
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(database.db, store.warehouse, { real }),
    });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await worker?.stop();
    await client?.connection.close();
    await store?.close();
    await database?.drop();
    await replay?.close();
  });

  it('a malformed payload fails only its source, with a clear error; the other source is scanned and its cursor resumes', async () => {
    replay.reddit.addPost('stocks', {
      title: 'Thoughts on $NVDA after earnings?',
      selftext: 'Loaded up on calls, NVDA to the moon 🚀',
    });
    replay.enqueue(
      { path: '/r/wallstreetbets/new' },
      { status: 200, body: { kind: 'Listing', data: { children: [{ kind: 't3', data: { id: 'x' } }] } } },
    );

    const first = await client.workflow.execute<typeof scanPlatform>('scanPlatform', {
      taskQueue,
      workflowId: `scan-reddit-${taskQueue}-1`,
      args: [{ platform: 'reddit' }],
    });
    expect(first.simulated).toBe(false);
    expect(first.failedSources).toBe(1);
    const failed = first.sources.find((s) => s.source === 'wallstreetbets')!;
    expect(failed.error).toMatch(/reddit r\/wallstreetbets: .*malformed payload/);
    const ok = first.sources.find((s) => s.source === 'stocks')!;
    expect(ok).toMatchObject({ error: null, posts: 1, mentions: 1 });
    expect((await storedMentionKeys(store.warehouse)).filter((k) => k.startsWith('NVDA|reddit|'))).toHaveLength(1);
    const failedCursor = await database
      .db('source_cursors')
      .where({ platform: 'reddit', source: 'wallstreetbets' })
      .first();
    expect(failedCursor.last_error).toMatch(/malformed payload/);

    // Next scan: wallstreetbets recovers from where it never advanced; stocks only brings its new post.
    replay.reddit.addPost('stocks', { title: 'Selling my $AMD, guidance cut', selftext: 'bearish' });
    const second = await client.workflow.execute<typeof scanPlatform>('scanPlatform', {
      taskQueue,
      workflowId: `scan-reddit-${taskQueue}-2`,
      args: [{ platform: 'reddit' }],
    });
    expect(second.failedSources).toBe(0);
    expect(second.sources.find((s) => s.source === 'stocks')).toMatchObject({ posts: 1 });
    expect(second.sources.find((s) => s.source === 'wallstreetbets')!.posts).toBeGreaterThan(10);
    const mentions = await storedMentionKeys(store.warehouse);
    expect(mentions.filter((k) => k.startsWith('NVDA|reddit|t3_')).length).toBeGreaterThanOrEqual(1);
    expect(new Set(mentions).size).toBe(mentions.length);
  });
});
