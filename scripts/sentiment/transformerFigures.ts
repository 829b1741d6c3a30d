import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SentimentLabel } from '../../domain/signal/sentiment';
import { scoreLabels, type Scores } from '../../domain/signal/labelScores';
import { DEFAULT_TRANSFORMER_DIR } from '../../domain/sentiment/transformerModel';
import { judgedSets, type Corpus } from './crossValidation';
import { argmaxLabel } from './linearOutOfFold';

/**
 * What train_transformer.py measured (measured.json beside the model): the transformer's out-of-fold probabilities by
 * post id, k-fold (`oof`) and leave-one-set-out (`loso_probs`).
 */
export interface TransformerMeasurement {
  /** `cap`: at most this many posts per set, in both halves (at least a set's size: every post). */
  setting: { base: string; max_len: number; epochs: number; lr: number; cap: number; folds: number };
  posts: number;
  seconds: number;
  cv: Record<string, number>;
  loso: Record<string, number>;
  oof: Record<string, [number, number, number]>;
  loso_probs: Record<string, [number, number, number]>;
}

export const MEASURED_FILE = join(DEFAULT_TRANSFORMER_DIR, 'measured.json');

export function readTransformerMeasurement(file = MEASURED_FILE): TransformerMeasurement {
  return JSON.parse(readFileSync(file, 'utf8')) as TransformerMeasurement;
}

export interface SideBySide {
  /** Posts of the set the transformer was measured on (its subsample). */
  n: number;
  transformer: Scores;
  combination: Scores;
  linear: Scores;
}

/**
 * Per set, on the posts the transformer's measurement holds: macro-F1 of the transformer, of the combination
 * (transformerWeight × its probabilities + the rest × the linear model's), and of the linear model alone, all from
 * out-of-fold probabilities of the same kind (`cv` or `loso`).
 */
export function sideBySide(
  corpus: Corpus,
  ids: readonly string[],
  linear: Float64Array,
  transformer: Record<string, [number, number, number]>,
  transformerWeight: number,
): Map<number, SideBySide> {
  const out = new Map<number, SideBySide>();
  for (let s = 0; s < corpus.sets.length; s++) {
    const gold: SentimentLabel[] = [];
    const t: SentimentLabel[] = [];
    const c: SentimentLabel[] = [];
    const l: SentimentLabel[] = [];
    const mixed = new Float64Array(3);
    ids.forEach((id, i) => {
      const p = transformer[id];
      if (corpus.setOf[i] !== s || !p || Number.isNaN(linear[i * 3]!)) return;
      gold.push(corpus.gold[i]!);
      t.push(argmaxLabel(p, 0));
      l.push(argmaxLabel(linear, i * 3));
      for (let k = 0; k < 3; k++) mixed[k] = transformerWeight * p[k]! + (1 - transformerWeight) * linear[i * 3 + k]!;
      c.push(argmaxLabel(mixed, 0));
    });
    if (gold.length > 0)
      out.set(s, {
        n: gold.length,
        transformer: scoreLabels(gold, t),
        combination: scoreLabels(gold, c),
        linear: scoreLabels(gold, l),
      });
  }
  return out;
}

/** Mean macro-F1 over the judged sets of one column. */
export function judgedMean(corpus: Corpus, figures: Map<number, SideBySide>, pick: (f: SideBySide) => Scores): number {
  const sets = judgedSets(corpus).filter((s) => figures.has(s));
  return sets.reduce((sum, s) => sum + pick(figures.get(s)!).macroF1, 0) / Math.max(1, sets.length);
}

/**
 * The combination's weight: the share of the transformer that gives the best mean of the k-fold and the
 * leave-one-set-out mean macro-F1 (steps of 0.1; a tie keeps the larger share).
 */
export function tuneTransformerWeight(
  corpus: Corpus,
  ids: readonly string[],
  linear: { cv: Float64Array; loso: Float64Array },
  measured: TransformerMeasurement,
): { weight: number; score: number } {
  let best = { weight: 1, score: -1 };
  for (let w = 10; w >= 0; w--) {
    const weight = w / 10;
    const cv = judgedMean(corpus, sideBySide(corpus, ids, linear.cv, measured.oof, weight), (f) => f.combination);
    const loso = judgedMean(
      corpus,
      sideBySide(corpus, ids, linear.loso, measured.loso_probs, weight),
      (f) => f.combination,
    );
    if ((cv + loso) / 2 > best.score + 1e-9) best = { weight, score: (cv + loso) / 2 };
  }
  return best;
}
