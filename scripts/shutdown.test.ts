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
});
