import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../platform/temporalCli';
import { startProductProcess } from '../tests/support/productProcess';

/** Command lines of every process that still uses this data directory (Postgres, the Temporal dev server). */
function processesUsing(dataDir: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(dataDir));
}

/** Every process below `root` (its children, theirs, …). */
function descendantsOf(root: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  for (let frontier = [root]; frontier.length > 0;) {
    frontier = rows.filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...frontier);
  }
  return found;
}

/** A process that still runs: a zombie (exited, not yet reaped by its new parent) does not count. */
const alive = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('npm start stops cleanly', () => {
  // A process supervisor signals the process it started, here npm: the product must get the signal and stop in order.
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the npm start process stops the worker, Postgres and the Temporal dev server: nothing outlives npm',
    async (signal) => {
      const product = await startProductProcess({
        name: `shutdown-${signal}`,
        logFile: path.join(projectRoot, 'data', 'test', `shutdown-${signal}.log`),
        env: { LOG_LEVEL: 'info' },
        viaNpmStart: true,
      });
      const { dataDir, child } = product;
      expect(processesUsing(dataDir).length).toBeGreaterThanOrEqual(2);
      const below = descendantsOf(child.pid!);
      expect(below.length).toBeGreaterThanOrEqual(3); // the product, Postgres, the Temporal dev server
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        child.kill(signal);
        expect(await exited).toBe(0);
        // A child that got the signal may take a moment to finish exiting after npm has; it must be gone within seconds.
        await expect.poll(() => processesUsing(dataDir), { timeout: 5_000 }).toEqual([]);
        await expect.poll(() => below.filter(alive), { timeout: 5_000 }).toEqual([]);
        expect(
          await fetch(`${product.baseUrl}/api/health/live`).then(
            () => 'answered',
            () => 'closed',
          ),
        ).toBe('closed');
      } finally {
        // On failure, stop what npm left behind so it does not hold ports for the rest of the run.
        for (const pid of below.filter(alive)) process.kill(pid, 'SIGKILL');
        await product.stop();
      }
    },
    240_000,
  );

  // A terminal's Ctrl-C signals its whole foreground process group: npm, the product and every child in that group.
  it("a terminal's Ctrl-C (SIGINT to the whole process group) reaches the product alone: the worker stops before the stores, with no error or warning logged", async () => {
    const logFile = path.join(projectRoot, 'data', 'test', 'shutdown-process-group.log');
    const product = await startProductProcess({
      name: 'shutdown-process-group',
      logFile,
      env: { LOG_LEVEL: 'info' },
      viaNpmStart: true,
      ownProcessGroup: true,
    });
    const { dataDir, child } = product;
    const below = descendantsOf(child.pid!);
    try {
      // Postgres and the Temporal dev server each lead a session of their own, outside the terminal's group.
      const stores = processesUsing(dataDir).map((line) => Number(line.trim().split(/\s+/)[0]));
      expect(stores.length).toBeGreaterThanOrEqual(2);
      for (const pid of stores) expect(sessionOf(pid)).toBe(pid);
      // Right after a first start the backfill's activities are writing to both stores.
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      process.kill(-child.pid!, 'SIGINT');
      expect(await exited).toBe(0);
      await expect.poll(() => below.filter(alive), { timeout: 5_000 }).toEqual([]);
      const log = fs.readFileSync(logFile, 'utf8');
      // What the product logged from the signal on, its own "shutting down" line aside.
      const afterSignal = log.slice(log.indexOf('"msg":"shutting down"')).split('\n').slice(1);
      expect(afterSignal.join('\n')).toMatch(/STOPPED/); // the worker's own lines are there
      const failures = /"level":"(warn|error)"|\b(WARN|ERROR)\b|EPIPE|ENOENT|Connection Error|system is shutting down/;
      expect(afterSignal.filter((line) => failures.test(line))).toEqual([]);
    } finally {
      for (const pid of below.filter(alive)) process.kill(pid, 'SIGKILL');
      await product.stop();
    }
  }, 240_000);

  it('a product killed outright (SIGKILL, no chance to stop anything) takes Postgres and the Temporal dev server with it', async () => {
    const product = await startProductProcess({
      name: 'shutdown-sigkill',
      logFile: path.join(projectRoot, 'data', 'test', 'shutdown-sigkill.log'),
    });
    const { dataDir, child } = product;
    const below = descendantsOf(child.pid!);
    try {
      expect(processesUsing(dataDir).length).toBeGreaterThanOrEqual(2);
      child.kill('SIGKILL');
      await expect.poll(() => processesUsing(dataDir), { timeout: 20_000 }).toEqual([]);
    } finally {
      for (const pid of below.filter(alive)) process.kill(pid, 'SIGKILL');
      await product.stop();
    }
  }, 240_000);
});

/** The session a process belongs to (field 6 of /proc/<pid>/stat). */
function sessionOf(pid: number): number {
  const afterName = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!;
  return Number(afterName.split(' ')[3]);
}
