import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../platform/ports';
import { projectRoot } from '../../platform/temporalCli';

export interface RunningProduct {
  baseUrl: string;
  /** Stops the product and deletes its data directory. */
  stop: () => Promise<void>;
}

/**
 * Starts the whole product exactly as `npm start` does, on free ports and a throw-away data directory, and waits until
 * /api/health is OK (e2e tests and bench/landing.ts). Output goes to `logFile`, or nowhere.
 */
export async function startProduct(options: { adminEmail: string; adminPassword: string; dataDirPrefix: string; logLevel: string; logFile?: string }): Promise<RunningProduct> {
  // Inside the project: as root, embedded PostgreSQL runs as a 'postgres' user that cannot enter 0700 temp directories.
  fs.mkdirSync(path.join(projectRoot, 'data'), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(projectRoot, 'data', options.dataDirPrefix));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    TEMPORAL_DEV_PORT: String(await freePort()),
    TEMPORAL_UI_PORT: String(await freePort()),
    SMTP_CAPTURE_PORT: String(await freePort()),
    ADMIN_EMAIL: options.adminEmail,
    ADMIN_PASSWORD: options.adminPassword,
    LOG_LEVEL: options.logLevel,
  };
  let out: number | 'ignore' = 'ignore';
  if (options.logFile) {
    fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
    out = fs.openSync(options.logFile, 'w');
  }
  const where = options.logFile ? `; see ${options.logFile}` : ' (run `npm start` to see why)';
  const child: ChildProcess = spawn(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], { cwd: projectRoot, env, stdio: ['ignore', out, out] });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the product exited during start-up${where}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the product was not healthy within 180 s${where}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { baseUrl, stop };
}
