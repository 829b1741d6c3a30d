import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../api/http/databaseUnavailable';
import { migratePostgres } from '../../migrations';
import { createDatabase, type Database } from '../../platform/database';
import { freePort } from '../../platform/ports';
import { startEmbeddedPostgres, type EmbeddedPostgresOptions, type PostgresHandle } from '../../platform/postgres';
import { projectRoot } from '../../platform/temporalCli';
import { signedInCookie } from '../support/signIn';
import { startTestApp, type TestApp } from '../support/testApp';

interface Attempt {
  email: string;
  status: number;
  message?: string;
  at: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Postgres is stopped and started again under a steady write load; the API process keeps running throughout. */
describe('Postgres restarted under load', () => {
  let cluster: EmbeddedPostgresOptions;
  let postgres: PostgresHandle;
  let db: Database;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // Its own cluster, so stopping it touches no other test.
    const dataDir = path.join(projectRoot, 'data', 'test', `postgres-restart-${process.pid}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    cluster = { dataDir, port: await freePort(), database: 'restart_test' };
    postgres = await startEmbeddedPostgres(cluster);
    db = createDatabase(postgres.url);
    await migratePostgres(db);
    t = await startTestApp({ db });
    cookie = await signedInCookie(t, 'restart@example.com');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await db?.destroy();
    await postgres?.stop();
    fs.rmSync(cluster.dataDir, { recursive: true, force: true });
  });

  it('answers 503 while it is down, recovers without an API restart, and loses no acknowledged write', async () => {
    const attempts: Attempt[] = [];
    const started = Date.now();
    let running = true;
    const writer = async (id: number) => {
      for (let i = 0; running; i++) {
        const email = `load-${id}-${i}@example.com`;
        const res = await request(t.server).post('/api/newsletter').send({ email });
        attempts.push({ email, status: res.status, message: res.body?.message, at: Date.now() - started });
        await sleep(20);
      }
    };
    const writers = Array.from({ length: 6 }, (_, id) => writer(id));

    await sleep(1500);
    await postgres.stop();
    const downAt = Date.now() - started;
    await sleep(2500);
    postgres = await startEmbeddedPostgres(cluster);
    const upAt = Date.now() - started;
    await sleep(4000);
    running = false;
    await Promise.all(writers);

    const statuses = new Set(attempts.map((a) => a.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const a of attempts.filter((x) => x.status === 503)) expect(a.message).toBe(DATABASE_UNAVAILABLE);
    expect(attempts.some((a) => a.status === 200 && a.at < downAt)).toBe(true);
    expect(attempts.some((a) => a.status === 503 && a.at > downAt && a.at < upAt)).toBe(true);
    // Recovered: the last second of load is all successes.
    const lastSecond = attempts.filter((a) => a.at > Date.now() - started - 1000);
    expect(lastSecond.length).toBeGreaterThan(0);
    expect(lastSecond.every((a) => a.status === 200)).toBe(true);

    const acknowledged = attempts
      .filter((a) => a.status === 200)
      .map((a) => a.email)
      .sort();
    const stored = (await db('newsletter_subscribers').pluck<string[]>('email')).sort();
    expect(stored).toEqual(expect.arrayContaining(acknowledged));
    expect(acknowledged.length).toBeGreaterThan(50);

    // The session written before the restart still signs the user in.
    const me = await request(t.server).get('/api/user').set('Cookie', cookie);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('restart@example.com');
  }, 60_000);
});
