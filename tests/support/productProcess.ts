import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../platform/ports';
import { projectRoot } from '../../platform/temporalCli';

export interface ProductProcess {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** SIGTERM, wait for exit, remove the data directory. */
  stop(): Promise<void>;
}

/**
 * Starts the whole product exactly as `npm start` does, in its own process, on free ports and a
 * throw-away data directory inside the project (as root, embedded PostgreSQL runs as a 'postgres'
 * user that cannot enter 0700 temp directories). Resolves once /api/health answers 200. `preload` modules are imported
 * before the product (e2e/support/pinClock.ts sets its clock). `root` starts the product of another checkout (the load
 * bench's baseline), with its data directory inside that checkout.
 */
export async function startProductProcess(options: {
  name: string;
  logFile: string;
  env?: Record<string, string>;
  viaNpmStart?: boolean;
  preload?: string[];
  root?: string;
  /** Leader of a process group of its own, as a terminal's foreground job is: `process.kill(-pid, …)` signals it all. */
  ownProcessGroup?: boolean;
}): Promise<ProductProcess> {
  const root = options.root ?? projectRoot;
  fs.mkdirSync(path.join(root, 'data'), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(root, 'data', `${options.name}-`));
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
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const out = fs.openSync(options.logFile, 'w');
  // node itself (not the tsx wrapper), so child.pid is the server: signals reach it directly and its memory can be read.
  // viaNpmStart runs `npm start` as an operator or a process supervisor does, so child.pid is npm's (preload needs node itself).
  const preload = (options.preload ?? []).flatMap((file) => ['--import', file]);
  const [command, args] = options.viaNpmStart
    ? ['npm', ['start']]
    : [process.execPath, ['--import', 'tsx', ...preload, 'scripts/start.ts']];
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', out, out],
    detached: options.ownProcessGroup ?? false,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the product exited during start-up: ${startupFailure(options.logFile)}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the product was not healthy within 180 s; see ${options.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return {
    baseUrl,
    dataDir,
    child,
    async stop() {
      // A process a signal ended has no exit code, only its signal.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Why a product stopped during start-up, from its log: the reason it printed on one line (a CI report shows an error's
 * first line), then the log's last lines.
 */
function startupFailure(logFile: string): string {
  const lines = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n');
  const reason = lines.findLast(
    (line) => line.startsWith('StockPulse could not start:') || /"level":"error"/.test(line),
  );
  return `${reason ?? 'no reason printed'} (log: ${logFile})\n${lines.slice(-15).join('\n')}`;
}

/** Signs in over HTTP and returns the Cookie header value. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Signs up over HTTP (202, the same for every address) and opens the verification link the product mailed, read from
 * the admin's outbox, which finishes the sign-up. Returns the Cookie header of the session the link started.
 */
export async function signUpOverHttp(
  baseUrl: string,
  adminCookie: string,
  email: string,
  password: string,
  options: { headers?: Record<string, string>; fields?: Record<string, string> } = {},
): Promise<string> {
  const headers = options.headers ?? {};
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ ...options.fields, email, password, confirmPassword: password }),
  });
  if (res.status !== 202) throw new Error(`sign-up of ${email} failed: ${res.status} ${await res.text()}`);
  return await verifyFromOutbox(baseUrl, adminCookie, email, headers);
}

/**
 * Opens the verification link the product mailed to `email`, read from the admin's outbox, which finishes a sign-up.
 * Returns the Cookie header of the session the link started.
 */
export async function verifyFromOutbox(
  baseUrl: string,
  adminCookie: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const outbox = (await (
      await fetch(`${baseUrl}/api/admin/outbox?limit=100`, { headers: { Cookie: adminCookie } })
    ).json()) as { messages: Array<{ to: string[]; subject: string; text: string }> };
    const mail = outbox.messages.find(
      (m) => m.to.includes(email.toLowerCase()) && m.subject === 'Verify your StockPulse e-mail address',
    );
    const token = mail ? /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
    if (token) {
      const verified = await fetch(`${baseUrl}/api/verify-email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ token }),
      });
      if (!verified.ok) throw new Error(`verification of ${email} failed: ${verified.status} ${await verified.text()}`);
      return verified.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification e-mail to ${email}`);
}
