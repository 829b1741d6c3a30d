import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';
import { PASSWORD_FILE, startEmbeddedPostgres, type PostgresHandle } from './postgres';
import { projectRoot } from './temporalCli';

const tcpOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true))).once('error', () => resolve(false));
  });

/** Connects with the handle's URL, with its password replaced (or over TCP), and reports the outcome. */
async function tryConnect(
  url: string,
  changes: { password?: string; host?: string; port?: number } = {},
): Promise<string> {
  const target = new URL(url);
  if (changes.password !== undefined) target.password = changes.password;
  if (changes.host) target.host = `${changes.host}:${changes.port}`;
  const client = new pg.Client({ connectionString: target.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'connected';
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('embedded PostgreSQL: a password of its own and no TCP unless asked', () => {
  // Under the project (as root, the postgres user cannot enter 0700 temp folders), one folder per run.
  const dataDir = path.join(projectRoot, 'data', 'test', `pg-auth-${process.pid}`);
  let postgres: PostgresHandle | undefined;
  afterAll(async () => {
    await postgres?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gets a random password kept 0600 in its data folder, listens on no TCP port, and keeps both across restarts', async () => {
    const port = await freePort();
    postgres = await startEmbeddedPostgres({ dataDir, port, database: 'auth_test' });
    const file = path.join(dataDir, PASSWORD_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(decodeURIComponent(new URL(postgres.url).password)).toBe(password);
    expect(await tryConnect(postgres.url)).toBe('connected');
    expect(await tryConnect(postgres.url, { password: 'stockpulse' })).toMatch(/password authentication failed/);
    expect(await tcpOpen(port)).toBe(false);

    await postgres.stop();
    postgres = await startEmbeddedPostgres({ dataDir, port, database: 'auth_test' });
    expect(decodeURIComponent(new URL(postgres.url).password)).toBe(password);
    expect(await tcpOpen(port)).toBe(false);
  }, 120_000);

  it('listens on 127.0.0.1 when TCP is asked for, with the same password', async () => {
    await postgres!.stop();
    const port = await freePort();
    postgres = await startEmbeddedPostgres({ dataDir, port, database: 'auth_test', tcp: true });
    expect(await tryConnect(postgres.url, { host: '127.0.0.1', port })).toBe('connected');
    expect(await tryConnect(postgres.url, { host: '127.0.0.1', port, password: 'stockpulse' })).toMatch(
      /password authentication failed/,
    );
  }, 120_000);

  it('an install from before per-install passwords gets a random one on its next start', async () => {
    const admin = new pg.Client({ connectionString: postgres!.url });
    await admin.connect();
    await admin.query("ALTER ROLE stockpulse WITH PASSWORD 'stockpulse'");
    await admin.end();
    await postgres!.stop();
    fs.rmSync(path.join(dataDir, PASSWORD_FILE));
    postgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'auth_test' });
    const password = fs.readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim();
    expect(password).not.toBe('stockpulse');
    expect(await tryConnect(postgres.url)).toBe('connected');
    expect(await tryConnect(postgres.url, { password: 'stockpulse' })).toMatch(/password authentication failed/);
  }, 120_000);
});
