import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ReplayServer } from '../tests/replay/replayServer';
import { testHttpPolicy, unpaced } from '../tests/replay/testing';
import { X_BEARER_TOKEN } from '../tests/replay/twitterReplay';
import { YOUTUBE_API_KEY } from '../tests/replay/youtubeReplay';
import { rollupMentionTotal, storedMentionKeys } from '../tests/support/expectedMentions';
import { testActivities } from '../tests/support/testActivities';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../tests/support/testStores';
import { createTwitterConnector } from './connectors/twitter';
import { createYouTubeConnector } from './connectors/youtube';
import type { scanPlatform } from './definitions';
import { quotaDay } from '../domain/quota/quotaDay';
import { startWorker, type RunningWorker } from './worker';

/** Posts stored per platform (FINAL: a post written twice is one row). */
async function storedPostIds(store: TestWarehouse, platform: string): Promise<string[]> {
  const result = await store.warehouse.query({
    query: `SELECT post_id FROM posts FINAL WHERE platform = {platform:String} ORDER BY post_id`,
    query_params: { platform },
    format: 'JSONEachRow',
  });
  return (await result.json<{ post_id: string }>()).map((r) => r.post_id);
}

describe('scans keep the connectors’ cursors and quota in Postgres (replayed X and YouTube)', () => {
  let replay: ReplayServer;
  let database: TestDatabase;
  let store: TestWarehouse;
  let worker: RunningWorker;
  let client: Client;
  let activities: Awaited<ReturnType<typeof testActivities>>;
  const taskQueue = uniqueTaskQueue('cursors');
  // Noon Pacific: half the quota day has passed.
  const noon = new Date(quotaDay(Date.now()).startsAt + 12 * 3_600_000);

  beforeAll(async () => {
    replay = await ReplayServer.start();
    database = await createTestDatabase({ seed: true });
    store = await createTestWarehouse();
    await database.db('platform_settings').where({ platform: 'twitter' }).update({ values: [] });
    await database
      .db('platform_settings')
      .where({ platform: 'twitter', setting_type: 'hashtags' })
      .update({ values: ['#stocks'] });
    await database.db('platform_settings').where({ platform: 'youtube' }).update({ values: [] });
    await database
      .db('platform_settings')
      .where({ platform: 'youtube', setting_type: 'keywords' })
      .update({ values: ['earnings'] });
    // One page of 10 per X scan, so the 23 #stocks posts take a run of three scans.
    const twitter = createTwitterConnector({
      bearerToken: X_BEARER_TOKEN,
      pacer: unpaced(),
      apiUrl: replay.url,
      pageSize: 10,
      maxPages: 1,
      firstScanHours: 24,
      http: testHttpPolicy,
    });
    // A 1,000-unit day for one source: half for searches, half for reads, accrued over the day (see planQuotaAllowance).
    const youtube = createYouTubeConnector({
      apiKey: YOUTUBE_API_KEY,
      apiUrl: `${replay.url}/youtube/v3`,
      searchPageSize: 2,
      maxSearchPages: 5,
      commentPageSize: 2,
      dailyQuota: 1_000,
      http: testHttpPolicy,
    });
    activities = await testActivities(database.db, store.warehouse, { real: { twitter, youtube }, now: () => noon });
    worker = await startWorker({ address: inject('temporalAddress'), namespace: 'default', taskQueue, activities });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await worker?.stop();
    await client?.connection.close();
    await store?.close();
    await database?.drop();
    await replay?.close();
  });
  beforeEach(() => {
    replay.requests.length = 0;
  });

  const scan = (platform: 'twitter' | 'youtube', n: number) =>
    client.workflow.execute<typeof scanPlatform>('scanPlatform', {
      taskQueue,
      workflowId: `scan-${platform}-${taskQueue}-${n}`,
      args: [{ platform }],
    });
  const cursorOf = async (platform: string) =>
    (await database.db('source_cursors').where({ platform }).first('cursor'))?.cursor as string | undefined;

  it('X: a run longer than one scan continues on the next scans from the stored backlog cursor; a retried page counts once', async () => {
    expect((await scan('twitter', 1)).posts).toBe(10);
    expect(JSON.parse((await cursorOf('twitter'))!)).toMatchObject({ backlog: { nextToken: expect.any(String) } });

    // A retried activity (or a worker killed between its write and its cursor update) reads the same page again from the
    // same stored cursor: the same rows, so no count changes.
    const before = { keys: await storedMentionKeys(store.warehouse), total: await rollupMentionTotal(store.warehouse) };
    const stored = await cursorOf('twitter');
    await activities.scanSource({ platform: 'twitter', settingType: 'hashtags', value: '#stocks' });
    await database.db('source_cursors').where({ platform: 'twitter' }).update({ cursor: stored });
    const retried = await activities.scanSource({ platform: 'twitter', settingType: 'hashtags', value: '#stocks' });
    expect(retried.posts).toBe(10);
    const afterRetry = await storedMentionKeys(store.warehouse);
    expect(afterRetry.length).toBeGreaterThan(before.keys.length); // the second page was written…
    expect(await rollupMentionTotal(store.warehouse)).toBe(afterRetry.length); // …once, though it was read twice

    expect((await scan('twitter', 2)).posts).toBe(3); // the run's last page
    expect(await storedPostIds(store, 'twitter')).toHaveLength(23);
    const finished = JSON.parse((await cursorOf('twitter'))!) as { sinceId: string; backlog?: unknown };
    expect(finished.backlog).toBeUndefined();

    const added = replay.twitter.addTweet({ text: '$AMD reclaiming 180 #stocks' });
    expect((await scan('twitter', 3)).posts).toBe(1);
    expect(replay.requestsTo('/2/tweets/search/recent').at(-1)!.query.get('since_id')).toBe(finished.sinceId);
    expect(await storedPostIds(store, 'twitter')).toHaveLength(24);
    expect(await storedPostIds(store, 'twitter')).toContain(added);
  });

  it('YouTube: each scan spends within its planned allowance, records the units per source and day, and re-reads comments later', async () => {
    const first = await scan('youtube', 1);
    expect(first.failedSources).toBe(0);
    const usage = await database.db('api_quota_usage').where({ platform: 'youtube', source: 'earnings' }).first();
    // Two search.list pages (100 each) find the 3 videos; reads: videos.list and the comment pages, 1 each.
    expect(usage).toMatchObject({ setting_type: 'keywords', search_units: 200 });
    expect(usage.search_units + usage.read_units).toBe(replay.youtube.quotaUsed);
    expect(usage.read_units).toBeLessThanOrEqual(250);
    expect(replay.requestsTo('/youtube/v3/search')).toHaveLength(2);

    // By noon a source has accrued 250 + one call's worth (100) of search: 150 left, one more search.list, then none.
    expect((await scan('youtube', 2)).failedSources).toBe(0);
    expect(replay.requestsTo('/youtube/v3/search')).toHaveLength(1 + 2); // two more pages of 2 would be 200: only one fits
    // A watched video whose comments are on (the replay's Zj59fhZ5R1P has them disabled).
    const video = (JSON.parse((await cursorOf('youtube'))!) as { videos: Array<{ id: string }> }).videos.find(
      (v) => v.id !== 'Zj59fhZ5R1P',
    )!.id;
    const comment = replay.youtube.addComment(video, { text: 'NVDA guidance raised again, adding on the dip' });
    const spentBefore = await database.db('api_quota_usage').where({ platform: 'youtube', source: 'earnings' }).first();
    expect(spentBefore.search_units).toBe(300);
    replay.requests.length = 0;
    const third = await scan('youtube', 3);
    expect(replay.requestsTo('/youtube/v3/search')).toHaveLength(0);
    expect(third.posts).toBeGreaterThanOrEqual(1);
    expect(await storedPostIds(store, 'youtube')).toContain(comment);
    const after = await database.db('api_quota_usage').where({ platform: 'youtube', source: 'earnings' }).first();
    expect(after.search_units).toBe(300);
    expect(after.read_units).toBe(spentBefore.read_units + replay.requests.length);
  });
});
