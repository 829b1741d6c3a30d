import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../platform/temporalCli';
import { startProductProcess } from '../tests/support/productProcess';

/** Command lines of every process that still uses this data directory (Postgres, the Temporal dev server). */
function processesUsing(dataDir: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(dataDir));
}

describe('npm start stops cleanly', () => {
  it('SIGTERM stops the worker, Postgres and the Temporal dev server: nothing outlives the product', async () => {
    const product = await startProductProcess({ name: 'shutdown', logFile: path.join(projectRoot, 'data', 'test', 'shutdown.log'), env: { LOG_LEVEL: 'info' } });
    const { dataDir } = product;
    expect(processesUsing(dataDir).length).toBeGreaterThanOrEqual(2);
    await product.stop();
    expect(product.child.exitCode).toBe(0);
    expect(processesUsing(dataDir)).toEqual([]);
  }, 180_000);
});
