import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../platform/temporalCli';

/**
 * `.ci/run`'s step runner, driven with tiny steps the way CI drives it: stdin closed, a minimal environment (no CI
 * variable, a fresh HOME) and stdout and stderr read as one stream. CI judges the run by its last line.
 */
async function runSteps(steps: string): Promise<{ code: number | null; lines: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-steps-'));
  const script = path.join(dir, 'run');
  fs.writeFileSync(
    script,
    [
      'set -euo pipefail',
      `cd ${JSON.stringify(projectRoot)}`,
      `ci_out=${JSON.stringify(path.join(dir, 'out'))}`,
      'source .ci/steps.sh',
      steps,
      'exit "$ci_status"',
      '',
    ].join('\n'),
  );
  const env = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: path.join(dir, 'home') };
  const child = spawn('bash', [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close' waits until every holder of the pipes is gone, so a line written late by a leftover process is caught.
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  return { code, lines: output.split('\n').filter((line) => line !== '') };
}

describe('.ci/run step runner', () => {
  it('ends with the totals line even when a step leaves a process that writes later', async () => {
    const { code, lines } = await runSteps(
      [
        `step "leaves a writer behind" "" bash -c '(sleep 2; echo "late line from a leftover process" >&2) & echo started'`,
        `step "npm on stderr" "" npm --version`,
      ].join('\n'),
    );
    expect(code).toBe(0);
    expect(lines.at(-1)).toBe('Tests: 2 passed, 0 failed');
    expect(lines.filter((line) => /^Tests: /.test(line))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('late line');
    expect(lines.join('\n')).not.toMatch(/npm notice/);
  }, 60_000);

  it('counts a failed step, and a run that stopped outside any step can never end clean', async () => {
    const failedStep = await runSteps(`step "fails" "" false`);
    expect(failedStep.code).toBe(1);
    expect(failedStep.lines.at(-1)).toBe('Tests: 0 passed, 1 failed');

    const stoppedEarly = await runSteps(`step "passes" "" true\nfalse # an install that failed under set -e`);
    expect(stoppedEarly.code).toBe(1);
    expect(stoppedEarly.lines.at(-1)).toBe('Tests: 1 passed, 1 failed');
  }, 60_000);

  it('runs every step with stdin closed, as CI does', async () => {
    const { lines } = await runSteps(
      `step "reads stdin" "" bash -c 'if read -r -t 1 line; then echo "stdin had: $line"; else echo "stdin closed"; fi'`,
    );
    expect(lines).toContain('stdin closed');
    expect(lines.at(-1)).toBe('Tests: 1 passed, 0 failed');
  }, 60_000);
});
