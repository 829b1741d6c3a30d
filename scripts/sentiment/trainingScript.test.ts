import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../platform/temporalCli';

/**
 * The training script's Python tests (scripts/sentiment/test_*.py: feed-forward pruning while tuning, and a
 * measurement resumed from its saved pieces), run in the training environment `train:sentiment` creates; skipped where
 * that environment is absent (a fresh clone).
 */
const venv = process.env.SENTIMENT_TRAIN_VENV || join(projectRoot, '.tools', 'train-venv');
const python = join(venv, 'bin', 'python');

describe.skipIf(!existsSync(python))('the training script (Python, training environment)', () => {
  it('prunes while tuning without changing outputs, and resumes a stopped measurement from its pieces', () => {
    const run = spawnSync(
      python,
      ['-m', 'unittest', 'discover', '-s', join(projectRoot, 'scripts/sentiment'), '-p', 'test_*.py'],
      { cwd: projectRoot, encoding: 'utf8' },
    );
    expect(run.stderr).toMatch(/Ran 7 tests[\s\S]*\nOK\n/);
    expect(run.status).toBe(0);
  }, 180_000);
});
