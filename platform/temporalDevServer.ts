import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { assertPortFree } from './ports';
import { spawnStoreProcess } from './storeProcess';
import { StartupError } from './startupError';

export interface TemporalDevServer {
  address: string;
  uiUrl: string;
  stop(): Promise<void>;
}

export interface TemporalDevServerOptions {
  cliPath: string;
  dataDir: string;
  port: number;
  uiPort: number;
  namespace: string;
}

/** Runs `temporal server start-dev` with its SQLite file under the data directory, and waits until it answers. */
export async function startTemporalDevServer(options: TemporalDevServerOptions): Promise<TemporalDevServer> {
  await assertPortFree(options.port, 'Temporal dev server', 'TEMPORAL_DEV_PORT', '127.0.0.1');
  await assertPortFree(options.uiPort, 'Temporal Web UI', 'TEMPORAL_UI_PORT', '127.0.0.1');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const logFile = path.join(options.dataDir, 'temporal.log');
  const out = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawnStoreProcess(
    options.cliPath,
    [
      'server',
      'start-dev',
      '--db-filename',
      path.join(options.dataDir, 'temporal.db'),
      '--ip',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--ui-port',
      String(options.uiPort),
      '--namespace',
      options.namespace,
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', out, out], deathSignal: 'SIGTERM' },
  );
  fs.closeSync(out);
  const address = `127.0.0.1:${options.port}`;
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
  // Whatever way this process ends, the dev server must not outlive it (it would hold the ports).
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new StartupError(`Temporal dev server ${exited}; see ${logFile}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      await connection.workflowService.getSystemInfo({});
      await connection.close();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new StartupError(`Temporal dev server did not answer on ${address} within 60 s; see ${logFile}`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return {
    address,
    uiUrl: `http://localhost:${options.uiPort}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
