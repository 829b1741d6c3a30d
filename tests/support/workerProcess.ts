/**
 * A worker in its own process, so a test can SIGKILL it mid-scan. It owns the chDB directory while it lives
 * (chDB allows one process per directory); the test opens the directory only after the kill.
 * Env: DATABASE_URL, CHDB_PATH, TEMPORAL_ADDRESS, TASK_QUEUE, SIMULATED_NOW, SOURCE_DELAY_MS, and MENTIONS_FILE (JSON mention
 * rows written before the worker starts, since the test cannot open the directory while this process holds it).
 * Webhooks may reach this machine (the tests' receivers listen on 127.0.0.1).
 */
import fs from 'node:fs';
import { createDatabase } from '../../platform/database';
import { connectWarehouse } from '../../warehouse/client';
import { migrateWarehouse } from '../../warehouse/migrate';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import { startWorker } from '../../workflows/worker';
import { testActivities } from './testActivities';

const env = process.env as Record<string, string>;
const db = createDatabase(env.DATABASE_URL!);
const warehouse = await connectWarehouse({
  user: 'default',
  password: '',
  database: 'stockpulse',
  chdbPath: env.CHDB_PATH!,
});
await migrateWarehouse(warehouse);
if (env.MENTIONS_FILE) await insertMentions(warehouse, JSON.parse(fs.readFileSync(env.MENTIONS_FILE, 'utf8')));
const now = () => new Date(env.SIMULATED_NOW!);
const activities = await testActivities(db, warehouse, {
  now,
  postsPerMinute: 3,
  webhooks: { allowPrivateTargets: true },
});
const delay = Number(env.SOURCE_DELAY_MS ?? 0);
const scanSource: typeof activities.scanSource = async (source) => {
  await new Promise((r) => setTimeout(r, delay));
  return await activities.scanSource(source);
};
await startWorker({
  address: env.TEMPORAL_ADDRESS!,
  namespace: 'default',
  taskQueue: env.TASK_QUEUE!,
  activities: { ...activities, scanSource },
});
process.stdout.write('worker-ready\n');
