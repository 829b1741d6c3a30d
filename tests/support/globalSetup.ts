import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../platform/ports';
import { startEmbeddedPostgres, type PostgresHandle } from '../../platform/postgres';
import { ensureTemporalCli, projectRoot } from '../../platform/temporalCli';
import { ensureDashboardBuilt } from '../../scripts/ensureDashboardBuilt';
import { workflowBundle } from '../../workflows/worker';
import { startStripeMock } from './stripeMock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A Postgres URL whose user may create databases; each test file makes its own. */
    postgresAdminUrl: string;
    /** The real Temporal dev server every workflow test talks to. */
    temporalAddress: string;
    /** Stripe's official mock API (stripe-mock) for every Stripe call the server makes (STRIPE_API_URL). */
    stripeMockUrl: string;
    /** The workflow code, bundled once for the run (each test app's sending worker loads it). */
    workflowBundlePath: string;
  }
}

/** One real PostgreSQL, one real Temporal dev server and one stripe-mock for the whole run (DATABASE_URL, when set, replaces the embedded cluster). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Tests that run `npm start` build the dashboard when it is missing or stale (a fresh clone). Two such files in
  // parallel would write the same dist folder at once and break each other's build: build it here, once, first.
  ensureDashboardBuilt(() => undefined);
  let postgres: PostgresHandle | undefined;
  let postgresDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    // One cluster per run, so two runs on one machine (a developer and CI, two worktrees) never share a data directory.
    postgresDir = path.join(projectRoot, 'data', 'test', `postgres-${process.pid}`);
    postgres = await startEmbeddedPostgres({
      dataDir: postgresDir,
      port: await freePort(),
      database: 'stockpulse_test',
    });
    adminUrl = postgres.url;
  }
  const cli = ensureTemporalCli(process.env.TEMPORAL_CLI_PATH || undefined);
  const temporal = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: cli },
      ip: '127.0.0.1',
      log: { format: 'pretty', level: 'warn' },
    },
  });
  project.provide('postgresAdminUrl', adminUrl);
  const stripeMock = await startStripeMock();
  project.provide('temporalAddress', temporal.address);
  project.provide('stripeMockUrl', stripeMock.url);
  const bundlePath = path.join(os.tmpdir(), `stockpulse-workflows-${process.pid}.js`);
  fs.writeFileSync(bundlePath, (await workflowBundle()).code);
  project.provide('workflowBundlePath', bundlePath);
  return async () => {
    fs.rmSync(bundlePath, { force: true });
    await stripeMock.stop();
    await temporal.teardown();
    await postgres?.stop();
    if (postgresDir) fs.rmSync(postgresDir, { recursive: true, force: true });
  };
}
