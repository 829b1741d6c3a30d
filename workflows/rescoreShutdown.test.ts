import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSentimentAnalyser, loadSentimentModel } from '../domain/signal/sentimentModel';
import { createMentionRescorer } from '../domain/sentiment/rescoreMentions';
import { readTransformerModel } from '../domain/sentiment/transformerModel';
import type { TransformerPool } from '../domain/sentiment/transformerPool';
import { rescoreFixture } from '../tests/support/rescoreFixture';
import { createTestWarehouse, uniqueTaskQueue, type TestWarehouse } from '../tests/support/testStores';
import { insertMentions } from '../warehouse/queries/insertMentions';
import { insertPosts } from '../warehouse/queries/insertPosts';
import type { Activities } from './activities';
import { createRescoreActivities } from './activities/rescoreActivities';
import type { rescoreMentions } from './definitions/rescoreMentions';
import { startWorker, type RunningWorker } from './worker';

const HOUR = new Date('2026-11-20T10:00:00Z');
const NOW = new Date('2026-11-20T10:30:00Z');
/** Copies of the fixture's six posts, all in one hour: 10,242 posts, 41 of the rescorer's 256-post steps. */
const COPIES = 1707;
const STEPS = Math.ceil((6 * COPIES) / 256);
/** One step's scoring: the whole hour takes ten seconds, longer than the worker's five-second grace. */
const STEP_MS = 250;

describe('a worker stopped while it re-scores a busy hour', () => {
  let client: Client;
  let store: TestWarehouse;
  let worker: RunningWorker | undefined;
  const taskQueue = uniqueTaskQueue('rescore-stop');
  const rows = async <T>(query: string) =>
    (await (await store.warehouse.query({ query, format: 'JSONEachRow' })).json()) as T[];
  /** A slow stand-in for the transformer threads that counts its calls: every post bullish. */
  let scored = 0;
  const pool: TransformerPool = {
    version: 'transformer-stop-test',
    async score(texts) {
      scored++;
      await sleep(STEP_MS);
      return Float32Array.from(texts.flatMap(() => [0.05, 0.05, 0.9]));
    },
    close: async () => {},
  };
  const activities = () =>
    createRescoreActivities({
      warehouse: store.warehouse,
      rescorer: createMentionRescorer({
        warehouse: store.warehouse,
        pool,
        linear: createSentimentAnalyser(loadSentimentModel()),
        combination: readTransformerModel().training.combination,
      }),
      now: () => NOW,
    }) as unknown as Activities;
  const start = () =>
    startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: activities(),
      workflowBundle: { codePath: inject('workflowBundlePath') },
    });

  beforeAll(async () => {
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
    store = await createTestWarehouse();
    const { posts, mentions } = rescoreFixture(HOUR, 1, 'fast-test');
    const copy = <T extends { post_id: string }>(list: T[]) =>
      Array.from({ length: COPIES }, (_, c) => list.map((row) => ({ ...row, post_id: `${row.post_id}-${c}` }))).flat();
    // Each copy's text differs too: the rescorer reads a text it has read before from its cache, not the pool.
    await insertPosts(
      store.warehouse,
      copy(posts).map((p, i) => ({ ...p, text: `${p.text} (${Math.floor(i / posts.length)})` })),
    );
    await insertMentions(store.warehouse, copy(mentions));
  });
  afterAll(async () => {
    await worker?.stop();
    await store?.close();
    await client?.connection.close();
  });

  it('stops between steps instead of finishing the hour, and a later worker completes it', async () => {
    worker = await start();
    const handle = await client.workflow.start<typeof rescoreMentions>('rescoreMentions', {
      taskQueue,
      workflowId: `rescore-${taskQueue}`,
      args: [{}],
    });
    while (scored < 2) await sleep(50);

    await worker.stop();
    worker = undefined;
    const atStop = scored;
    // The grace period ends the activity's attempt before the hour is done, and nothing scores after the stop.
    expect(atStop).toBeLessThan(STEPS);
    await sleep(3 * STEP_MS);
    expect(scored).toBe(atStop);

    // The retry on a new worker relabels the rest of the hour and drops the superseded per-minute rows.
    worker = await start();
    expect(await handle.result()).toMatchObject({ hoursDone: 1, analyser: pool.version });
    expect(
      await rows(`SELECT toString(analyser) AS analyser, count() AS n FROM mentions FINAL GROUP BY analyser`),
    ).toEqual([{ analyser: pool.version, n: 7 * COPIES }]);
    // Each post counted once, under one label.
    expect(
      await rows(`SELECT uniqExact(post) AS posts, uniqExact(post, label) AS labelled FROM mention_minutes`),
    ).toEqual([{ posts: 6 * COPIES, labelled: 6 * COPIES }]);
  }, 120_000);
});
