import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSentimentAnalyser, loadSentimentModel } from '../domain/signal/sentimentModel';
import { createMentionRescorer } from '../domain/sentiment/rescoreMentions';
import { readTransformerModel } from '../domain/sentiment/transformerModel';
import { createTransformerPool, type TransformerPool } from '../domain/sentiment/transformerPool';
import { projectRoot } from '../platform/temporalCli';
import { countsQuery } from '../tests/support/rescoreFixture';
import { uniqueTaskQueue } from '../tests/support/testStores';
import { connectWarehouse, type Warehouse } from '../warehouse/client';
import type { Activities } from './activities';
import { createRescoreActivities } from './activities/rescoreActivities';
import type { rescoreMentions } from './definitions/rescoreMentions';
import { startWorker, type RunningWorker } from './worker';

const FIRST_HOUR = '2026-11-20T10:00:00Z';
const HOURS = 4;
const NOW = '2026-11-20T13:30:00Z';

describe('a worker killed in the middle of a re-score', () => {
  let client: Client;
  let child: ChildProcess | undefined;
  let warehouse: Warehouse | undefined;
  let pool: TransformerPool | undefined;
  let worker: RunningWorker | undefined;
  const taskQueue = uniqueTaskQueue('rescore');
  const chdbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-rescore-'));
  const rows = async <T>(query: string) =>
    (await (await warehouse!.query({ query, format: 'JSONEachRow' })).json()) as T[];

  beforeAll(async () => {
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await worker?.stop();
    await pool?.close();
    await warehouse?.close();
    await client?.connection.close();
    fs.rmSync(chdbPath, { recursive: true, force: true });
  });

  it('resumes on another worker: every mention relabelled once, every card count exact', async () => {
    // The first worker dies (SIGKILL) right after relabelling its second hour, before re-deriving its rollups: the
    // worst moment, when that hour's rollups hold each relabelled post under two labels.
    child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/rescoreWorkerProcess.ts'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        CHDB_PATH: chdbPath,
        TEMPORAL_ADDRESS: inject('temporalAddress'),
        TASK_QUEUE: taskQueue,
        SIMULATED_NOW: NOW,
        FIXTURE_FIRST_HOUR: FIRST_HOUR,
        FIXTURE_HOURS: String(HOURS),
        DIE_AFTER_RELABELS: '2',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('worker-ready') && resolve());
      child!.once('exit', (code) => reject(new Error(`worker process exited early (${code})`)));
    });
    const handle = await client.workflow.start<typeof rescoreMentions>('rescoreMentions', {
      taskQueue,
      workflowId: `rescore-${taskQueue}`,
      args: [{}],
    });
    await exited;
    expect(child.signalCode).toBe('SIGKILL');

    // A fresh worker (this process) takes over the same store.
    warehouse = await connectWarehouse({ user: 'default', password: '', database: 'stockpulse', chdbPath });
    const doubled = await rows<{ ticker: string; mentions: number; bullish: number; bearish: number }>(countsQuery);
    expect(
      doubled.find((r) => r.ticker === 'TSLA')!.bullish + doubled.find((r) => r.ticker === 'TSLA')!.bearish,
    ).toBeGreaterThan(2 * HOURS);

    const model = readTransformerModel();
    pool = createTransformerPool(model, { threads: 1 });
    const rescorer = createMentionRescorer({
      warehouse,
      pool,
      linear: createSentimentAnalyser(loadSentimentModel()),
      combination: model.training.combination,
    });
    const activities = createRescoreActivities({ warehouse, rescorer, now: () => new Date(NOW) });
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: activities as unknown as Activities,
    });
    const result = await handle.result();
    expect(result).toMatchObject({ hoursDone: HOURS, hoursTotal: HOURS, analyser: rescorer.version });

    // No hour skipped: every mention carries the transformer's label; none counted twice.
    expect(
      await rows(`SELECT toString(analyser) AS analyser, count() AS n FROM mentions FINAL GROUP BY analyser`),
    ).toEqual([{ analyser: rescorer.version, n: 7 * HOURS }]);
    expect(await rows(countsQuery)).toEqual([
      { ticker: 'AAPL', mentions: 2 * HOURS, bullish: 0, bearish: 0 },
      { ticker: 'AMD', mentions: HOURS, bullish: HOURS, bearish: 0 },
      { ticker: 'NVDA', mentions: 2 * HOURS, bullish: 2 * HOURS, bearish: 0 },
      { ticker: 'TSLA', mentions: 2 * HOURS, bullish: 0, bearish: 2 * HOURS },
    ]);
  }, 180_000);
});
