/**
 * Ingestion figures on this machine: mention rows/s into ClickHouse (chDB) and one real ScanPlatform run
 * of ~10,000 simulated posts through Temporal (dev server), the worker, Postgres (embedded) and chDB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { migratePostgres } from '../migrations';
import { createDatabase } from '../platform/database';
import { freePort } from '../platform/ports';
import { startEmbeddedPostgres } from '../platform/postgres';
import { ensureTemporalCli, projectRoot } from '../platform/temporalCli';
import { startTemporalDevServer } from '../platform/temporalDevServer';
import { seedTickerUniverse } from '../seed/tickerUniverse';
import { connectWarehouse, type Warehouse } from '../warehouse/client';
import { migrateWarehouse } from '../warehouse/migrate';
import { insertMentionRows, insertMentions, minuteCells, type MentionRow } from '../warehouse/queries/insertMentions';
import { rollupMentionHours } from '../warehouse/queries/rollupMentionHours';
import { createActivities } from '../workflows/activities';
import { createConnectors } from '../workflows/connectors';
import { simulatedTickers } from '../workflows/connectors/simulatedTickers';
import { createSimulatedPriceProvider } from '../workflows/prices/simulatedPrices';
import type { scanPlatform } from '../workflows/definitions';
import { startWorker } from '../workflows/worker';

export interface IngestionBenchResult {
  mentionRows: number;
  insertSeconds: number;
  rowsPerSecond: number;
  /** The hourly roll-up that follows each write (insertMentions), for the same rows: off the insert path, timed apart. */
  rollupSeconds: number;
  scanPosts: number;
  scanMentions: number;
  scanSeconds: number;
}

function mentionRows(rows: number, run: number): MentionRow[] {
  const base = Date.parse('2026-11-20T00:00:00Z');
  return Array.from({ length: rows }, (_, i) => ({
    ticker: `T${i % 500}`,
    platform: ['reddit', 'twitter', 'youtube'][i % 3]!,
    post_id: `bench_${run}_${i}`,
    source: 'bench',
    author_hash: (i % 5000).toString(16).padStart(16, '0'),
    ts: new Date(base + (i % 86_400) * 1000).toISOString(),
    compound: ((i % 200) - 100) / 100,
    label: i % 3 === 0 ? 'bullish' : i % 3 === 1 ? 'bearish' : 'neutral',
    engagement: i % 100,
    simulated: true,
  }));
}

/**
 * Median of three timed inserts after a warm-up insert (the first insert into a fresh table also creates its parts):
 * the rows with their per-minute rollups, and then, timed apart, the hourly roll-up insertMentions runs after them.
 */
async function benchInsert(warehouse: Warehouse, rows: number): Promise<{ seconds: number; rollupSeconds: number }> {
  await insertMentions(warehouse, mentionRows(1000, 0));
  const times: number[] = [];
  const rollups: number[] = [];
  for (let run = 1; run <= 3; run++) {
    const mentions = mentionRows(rows, run);
    const start = performance.now();
    await insertMentionRows(warehouse, mentions);
    const inserted = performance.now();
    await rollupMentionHours(warehouse, minuteCells(mentions));
    times.push((inserted - start) / 1000);
    rollups.push((performance.now() - inserted) / 1000);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
  return { seconds: median(times), rollupSeconds: median(rollups) };
}

export async function benchIngestion(): Promise<IngestionBenchResult> {
  const dir = path.join(projectRoot, 'data', `bench-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), port: await freePort(), database: 'stockpulse_bench' });
  const db = createDatabase(postgres.url);
  const warehouse = await connectWarehouse({ user: 'default', password: '', database: 'bench', chdbPath: path.join(dir, 'clickhouse') });
  const temporal = await startTemporalDevServer({ cliPath: ensureTemporalCli(process.env.TEMPORAL_CLI_PATH || undefined), dataDir: path.join(dir, 'temporal'), port: await freePort(), uiPort: await freePort(), namespace: 'default' });
  try {
    await migratePostgres(db);
    await seedTickerUniverse(db);
    await migrateWarehouse(warehouse);

    const mentionRows = 110_000; // ~1.1 mentions per post for 100,000 posts
    const insert = await benchInsert(warehouse, mentionRows);

    // One source that yields ~10,000 posts over its first scan (a 24-hour backfill).
    await db('platform_settings').insert({ platform: 'tiktok', setting_type: 'hashtags', values: ['#bench'] });
    const universe = await db('tickers').select('symbol', 'name', 'aliases');
    const connectors = createConnectors({ simulated: { seed: 11, postsPerMinute: 10_000 / 1440, tickers: simulatedTickers(universe, 11) } });
    const worker = await startWorker({ address: temporal.address, namespace: 'default', taskQueue: 'bench', activities: createActivities({ db, warehouse, connectors, prices: createSimulatedPriceProvider({ seed: 11 }), maxPostsPerSource: 20_000 }) });
    const connection = await Connection.connect({ address: temporal.address });
    const client = new Client({ connection });
    const start = performance.now();
    const result = await client.workflow.execute<typeof scanPlatform>('scanPlatform', { taskQueue: 'bench', workflowId: 'bench-scan-tiktok', args: [{ platform: 'tiktok' }] });
    const scanSeconds = (performance.now() - start) / 1000;
    await worker.stop();
    await connection.close();
    return { mentionRows, insertSeconds: insert.seconds, rowsPerSecond: Math.round(mentionRows / insert.seconds), rollupSeconds: insert.rollupSeconds, scanPosts: result.posts, scanMentions: result.mentions, scanSeconds };
  } finally {
    await temporal.stop();
    await warehouse.close();
    await db.destroy();
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function reportIngestion(r: IngestionBenchResult): void {
  console.log(`clickhouse insert (median of 3): ${r.mentionRows.toLocaleString('en-US')} mention rows in ${r.insertSeconds.toFixed(2)} s = ${r.rowsPerSecond.toLocaleString('en-US')} rows/s (target ≥ 100,000)`);
  console.log(
    `  then the hourly roll-up of the same rows' minute cells (from the per-minute rollups, off the insert path): ${r.rollupSeconds.toFixed(2)} s; ` +
      `insert + roll-up = ${Math.round(r.mentionRows / (r.insertSeconds + r.rollupSeconds)).toLocaleString('en-US')} rows/s`,
  );
  console.log(`scan end to end: ScanPlatform of ${r.scanPosts.toLocaleString('en-US')} posts (${r.scanMentions.toLocaleString('en-US')} mentions) in ${r.scanSeconds.toFixed(2)} s = ${Math.round(r.scanPosts / r.scanSeconds).toLocaleString('en-US')} posts/s (target: 10,000 posts < 10 s)`);
}
