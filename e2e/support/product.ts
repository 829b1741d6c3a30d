import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../platform/ports';
import { projectRoot } from '../../platform/temporalCli';

export interface ProductHandle {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the whole product exactly as `npm start` does, on free ports and a throw-away data directory; `env` adds settings (e.g. Stripe keys). */
export async function startProduct(options: { name: string; adminEmail: string; adminPassword: string; env?: Record<string, string> }): Promise<ProductHandle> {
  // Inside the project: as root, embedded PostgreSQL runs as a 'postgres' user that cannot enter 0700 temp directories.
  fs.mkdirSync(path.join(projectRoot, 'data'), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(projectRoot, 'data', `${options.name}-`));
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
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const logFile = path.join(projectRoot, 'e2e', 'artifacts', `${options.name === 'e2e' ? 'server' : options.name}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], { cwd: projectRoot, env, stdio: ['ignore', out, out] });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited during start-up; see ${logFile}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the product was not healthy within 180 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
