import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_PAYLOADS, recordedPostTexts } from '../../tests/support/recordedPostTexts';
import { CLASSES, createSentimentAnalyser, loadSentimentModel } from '../signal/sentimentModel';
import { combinedScores } from './combinedScore';
import { readTransformerModel, type TransformerModelInfo } from './transformerModel';
import { createTransformerPool, type TransformerPool } from './transformerPool';

/**
 * The committed transformer and the label a subscriber sees, on the words of responses recorded from the live Reddit,
 * X, YouTube, Instagram and TikTok APIs (`../shared/real-payloads`, read in place; skipped where it is absent). The
 * texts most likely to trip a tokenizer or an export are scored: every one in another script, with emoji, or longer
 * than the scorer reads, and the stock posts.
 */
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const recordings = path.resolve(projectRoot, '../shared/real-payloads');
const present = existsSync(path.join(recordings, 'SOURCES.md'));

const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
const LONGER_THAN_READ = 2_000;

describe.skipIf(!present)('sentiment on recorded real posts (../shared/real-payloads)', () => {
  let model: TransformerModelInfo;
  let pool: TransformerPool;
  beforeAll(() => {
    model = readTransformerModel();
    pool = createTransformerPool(model, { threads: 2 });
  });
  afterAll(async () => pool?.close());

  it('scores every text in other scripts, with emoji or past the window into probabilities, and labels each', async () => {
    const hard = recordedPostTexts(recordings).filter(
      (t) => t.trim() === '' || OTHER_SCRIPT.test(t) || EMOJI.test(t) || t.length > LONGER_THAN_READ,
    );
    // The recordings hold all three kinds (Japanese, Korean and Arabic posts; emoji; long Reddit and YouTube texts).
    expect(hard.filter((t) => OTHER_SCRIPT.test(t)).length).toBeGreaterThan(50);
    expect(hard.filter((t) => EMOJI.test(t)).length).toBeGreaterThan(100);
    expect(hard.filter((t) => t.length > LONGER_THAN_READ).length).toBeGreaterThan(10);

    const p = await pool.score(hard);
    expect(p.length).toBe(hard.length * 3);
    hard.forEach((text, i) => {
      const triple = Array.from(p.subarray(i * 3, i * 3 + 3));
      for (const x of triple) expect(x >= 0 && x <= 1, text.slice(0, 80)).toBe(true);
      expect(triple[0]! + triple[1]! + triple[2]!, text.slice(0, 80)).toBeCloseTo(1, 4);
      if (text.trim() === '') expect(triple).toEqual([0, 1, 0]);
    });

    const linear = createSentimentAnalyser(loadSentimentModel());
    const labels = combinedScores(
      hard,
      p,
      hard.map((t) => linear.analyse(t)),
      model.training.combination,
    );
    for (const score of labels) {
      expect(CLASSES).toContain(score.label);
      expect(score.confidence).toBeGreaterThanOrEqual(1 / 3 - 1e-4);
      expect(Math.abs(score.compound)).toBeLessThanOrEqual(1);
    }
  });

  it('tells the recorded stock posts apart: they do not all get one label', async () => {
    const stockPosts = recordedPostTexts(recordings, (file) => FINANCE_PAYLOADS.has(file));
    expect(stockPosts.length).toBeGreaterThan(30);
    const p = await pool.score(stockPosts);
    const labels = new Set(
      stockPosts.map((_, i) => [0, 1, 2].reduce((b, k) => (p[i * 3 + k]! > p[i * 3 + b]! ? k : b), 0)),
    );
    // A broken export (the mask ignored, the wrong output read) gives every post the same class.
    expect(labels.size).toBeGreaterThanOrEqual(2);
  });
});
