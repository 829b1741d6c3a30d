import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../platform/temporalCli';

/**
 * The training script's feed-forward pruning (train_transformer.py, FeedForwardPruner), checked by its Python tests in
 * the training environment `train:sentiment` creates; skipped where that environment is absent (a fresh clone).
 */
const venv = process.env.SENTIMENT_TRAIN_VENV || join(projectRoot, '.tools', 'train-venv');
const python = join(venv, 'bin', 'python');

describe.skipIf(!existsSync(python))('feed-forward pruning while tuning (Python, training environment)', () => {
  it('masks on a cubic schedule, gathers importance from gradients, and removes neurons without changing outputs', () => {
    const run = spawnSync(
      python,
      ['-m', 'unittest', join(projectRoot, 'scripts/sentiment/test_feed_forward_pruner.py')],
      {
        cwd: projectRoot,
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toMatch(/Ran 3 tests[\s\S]*\nOK\n/);
    expect(run.status).toBe(0);
  }, 180_000);
});
