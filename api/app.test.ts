import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { createClient } from '@clickhouse/client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { freePort } from '../platform/ports';
import { healthSchema } from '../core/contracts/health';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../tests/support/testStores';
import { testActivities } from '../tests/support/testActivities';
import { startWorker, type RunningWorker } from '../workflows/worker';
import { buildApp } from './app';

describe('API foundation against real Postgres, chDB and Temporal', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  let connection: Connection;
  let worker: RunningWorker | undefined;
  const taskQueue = uniqueTaskQueue('api');
  const dashboardDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-dist-'));
  fs.writeFileSync(
    path.join(dashboardDir, 'index.html'),
    '<!doctype html><title>StockPulse</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dashboardDir, 'app.js'), 'console.log(1)');
  // A minimal build of the pre-rendered pages (npm run build writes the real ones; api/static/publicPages.test.ts uses them).
  fs.mkdirSync(path.join(dashboardDir, '.pages'));
  fs.writeFileSync(
    path.join(dashboardDir, '.pages', 'post.html'),
    '<!doctype html><div id="root"><h1>A post</h1></div>',
  );
  fs.writeFileSync(
    path.join(dashboardDir, '.pages', '404.html'),
    '<!doctype html><div id="root"><h1>404 Page Not Found</h1></div>',
  );
  fs.writeFileSync(
    path.join(dashboardDir, '.pages', 'manifest.json'),
    JSON.stringify({
      pages: { '/blog/power-of-early-detection': 'post.html' },
      notFound: '404.html',
      appPaths: ['/dashboard'],
    }),
  );

  const app = () =>
    buildApp({
      config: loadConfig({ TEMPORAL_TASK_QUEUE: taskQueue }),
      db: database.db,
      warehouse: store.warehouse,
      temporal: new Client({ connection }),
      temporalUiUrl: 'http://localhost:8233',
      realPlatforms: [],
      dashboardDir,
    }).callback();

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createTestWarehouse();
    connection = await Connection.connect({ address: inject('temporalAddress') });
  });
  afterAll(async () => {
    await worker?.stop();
    await connection?.close();
    await store?.close();
    await database?.drop();
    fs.rmSync(dashboardDir, { recursive: true, force: true });
  });

  it('GET /api/health answers 503 naming the worker while no worker polls the task queue', async () => {
    const res = await request(app()).get('/api/health');
    expect(res.status).toBe(503);
    const health = healthSchema.parse(res.body);
    expect(health.status).toBe('degraded');
    expect(health.components.postgres.status).toBe('up');
    expect(health.components.clickhouse.status).toBe('up');
    expect(health.components.temporal.status).toBe('up');
    expect(health.components.worker).toEqual({ status: 'down', detail: `no worker polling task queue ${taskQueue}` });
  });

  it('GET /api/health answers 200 with every component up once the worker runs', async () => {
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(database.db, store.warehouse),
    });
    let res = await request(app()).get('/api/health');
    for (let i = 0; i < 20 && res.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 500)); // the worker's first poll reaches the server within moments
      res = await request(app()).get('/api/health');
    }
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(Object.values(res.body.components).map((c) => (c as { status: string }).status)).toEqual([
      'up',
      'up',
      'up',
      'up',
    ]);
  });

  it('GET /api/health reports ClickHouse down with 503 when it cannot answer; GET /api/health/live still answers 200', async () => {
    // The real client against a ClickHouse address where nothing listens.
    const unreachable = createClient({ url: `http://127.0.0.1:${await freePort()}`, request_timeout: 1000 });
    const withoutClickHouse = buildApp({
      config: loadConfig({}),
      db: database.db,
      warehouse: unreachable,
      temporal: new Client({ connection }),
      temporalUiUrl: null,
      realPlatforms: [],
    }).callback();
    const res = await request(withoutClickHouse).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.components.clickhouse.status).toBe('down');
    expect(res.body.components.postgres.status).toBe('up');
    // Liveness is separate from readiness: a store outage must not get a live process restarted.
    const live = await request(withoutClickHouse).get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
  });

  it('GET /api/config exposes no secrets', async () => {
    const res = await request(app()).get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      paymentsEnabled: false,
      stripePublishableKey: null,
      supportEmail: 'support@stockpulse.app',
      trialDays: { marketing: 7, signup: 14 },
      temporalUiUrl: 'http://localhost:8233',
    });
  });

  it('answers unknown API routes with a JSON 404, never the SPA', async () => {
    const res = await request(app()).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No API route GET /api/nope' });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await request(app()).post('/api/health').set('Content-Type', 'application/json').send('{"broken":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Malformed JSON body');
  });

  it('serves built files, pre-rendered pages, the shell for app paths, and a real 404 for the rest', async () => {
    const asset = await request(app()).get('/app.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toContain('console.log');
    const appPage = await request(app()).get('/dashboard');
    expect(appPage.status).toBe(200);
    expect(appPage.text).toContain('<div id="root"></div>');
    const post = await request(app()).get('/blog/power-of-early-detection');
    expect(post.status).toBe(200);
    expect(post.text).toContain('<h1>A post</h1>');
    for (const unknown of ['/does-not-exist', '/blog/no-such-post']) {
      const res = await request(app()).get(unknown);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('404 Page Not Found');
    }
  });
});
