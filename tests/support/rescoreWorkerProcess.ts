/**
 * A worker that runs only the re-score activities, in its own process, so a test can have it die mid-run. It owns the
 * chDB directory while it lives. Env: CHDB_PATH, TEMPORAL_ADDRESS, TASK_QUEUE, SIMULATED_NOW, FIXTURE_FIRST_HOUR and
 * FIXTURE_HOURS (the posts and mentions written before the worker starts), DIE_AFTER_RELABELS (the process kills itself
 * with SIGKILL after that many hours are relabelled, before their superseded per-minute rows are dropped).
 */
import { createSentimentAnalyser, loadSentimentModel } from '../../domain/signal/sentimentModel';
import { createMentionRescorer } from '../../domain/sentiment/rescoreMentions';
import { readTransformerModel } from '../../domain/sentiment/transformerModel';
import { createTransformerPool } from '../../domain/sentiment/transformerPool';
import { connectWarehouse } from '../../warehouse/client';
import { migrateWarehouse } from '../../warehouse/migrate';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import { insertPosts } from '../../warehouse/queries/insertPosts';
import type { Activities } from '../../workflows/activities';
import { createRescoreActivities } from '../../workflows/activities/rescoreActivities';
import { startWorker } from '../../workflows/worker';
import { rescoreFixture } from './rescoreFixture';

const env = process.env as Record<string, string>;
const warehouse = await connectWarehouse({
  user: 'default',
  password: '',
  database: 'stockpulse',
  chdbPath: env.CHDB_PATH!,
});
await migrateWarehouse(warehouse);
const { posts, mentions } = rescoreFixture(
  new Date(env.FIXTURE_FIRST_HOUR!),
  Number(env.FIXTURE_HOURS),
  'learned-test',
);
await insertPosts(warehouse, posts);
await insertMentions(warehouse, mentions);
const model = readTransformerModel();
const pool = createTransformerPool(model, { threads: 1 });
let relabelled = 0;
const rescorer = createMentionRescorer({
  warehouse,
  pool,
  linear: createSentimentAnalyser(loadSentimentModel()),
  combination: model.training.combination,
  afterRelabel: () => {
    if (++relabelled === Number(env.DIE_AFTER_RELABELS)) process.kill(process.pid, 'SIGKILL');
  },
});
const activities = createRescoreActivities({ warehouse, rescorer, now: () => new Date(env.SIMULATED_NOW!) });
// Only the re-score activities are registered: the test runs no other workflow on this task queue.
await startWorker({
  address: env.TEMPORAL_ADDRESS!,
  namespace: 'default',
  taskQueue: env.TASK_QUEUE!,
  activities: activities as unknown as Activities,
});
process.stdout.write('worker-ready\n');
