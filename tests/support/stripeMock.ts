import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../platform/ports';
import { projectRoot } from '../../platform/temporalCli';

/** Stripe's official mock API server (github.com/stripe/stripe-mock), built from the Go module proxy into .tools/bin. */
export const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock@latest';
const toolsBin = path.join(projectRoot, '.tools', 'bin');
export const stripeMockBinary = path.join(toolsBin, 'stripe-mock');

function goBinary(): string {
  for (const candidate of [process.env.GO_BIN, '/usr/local/go/bin/go', 'go']) {
    if (candidate && spawnSync(candidate, ['version'], { encoding: 'utf8' }).status === 0) return candidate;
  }
  throw new Error(
    'stripe-mock is missing and Go is not installed: install Go (https://go.dev/dl) or put a stripe-mock binary at .tools/bin/stripe-mock',
  );
}

/** Installs stripe-mock into .tools/bin unless it is already there. Returns the binary. */
export function ensureStripeMock(log: (m: string) => void = () => {}): string {
  if (fs.existsSync(stripeMockBinary)) return stripeMockBinary;
  log(`stripe-mock not found; installing ${STRIPE_MOCK_MODULE} into .tools/bin`);
  fs.mkdirSync(toolsBin, { recursive: true });
  const result = spawnSync(goBinary(), ['install', STRIPE_MOCK_MODULE], {
    encoding: 'utf8',
    env: { ...process.env, GOBIN: toolsBin },
    timeout: 600_000,
  });
  if (result.status !== 0 || !fs.existsSync(stripeMockBinary)) {
    throw new Error(
      `could not install stripe-mock: ${(result.stderr || result.stdout || `exit ${result.status}`).trim()}`,
    );
  }
  return stripeMockBinary;
}

export interface StripeMockHandle {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  url: string;
  stop(): Promise<void>;
}

/** Starts one stripe-mock on a free port and waits until it answers. */
export async function startStripeMock(): Promise<StripeMockHandle> {
  const binary = ensureStripeMock();
  const port = await freePort();
  // Without an HTTPS address stripe-mock also binds :12112 on every interface, so two runs would collide.
  const httpsPort = await freePort();
  const child: ChildProcess = spawn(
    binary,
    ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${httpsPort}`],
    { stdio: 'ignore' },
  );
  // If the test runner dies without teardown, stripe-mock goes with it.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`stripe-mock exited with ${child.exitCode}`);
    const up = await fetch(`${url}/v1/customers`, { headers: { Authorization: 'Bearer sk_test_123' } }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('stripe-mock did not start within 30 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
