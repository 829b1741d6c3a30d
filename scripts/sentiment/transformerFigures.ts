import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SentimentLabel } from '../../domain/signal/sentiment';
import { scoreLabels, type Scores } from '../../domain/signal/labelScores';
import { mixProbabilities, type CombinationShares } from '../../domain/sentiment/combinedScore';
import { DEFAULT_TRANSFORMER_DIR } from '../../domain/sentiment/transformerModel';
import { lexiconCompoundOf } from '../../domain/signal/sentimentModel';
import { judgedSets, type Corpus } from './crossValidation';
import { argmaxLabel } from './linearOutOfFold';

/**
 * What train_transformer.py measured (measured.json beside the model): the transformer's out-of-fold probabilities by
 * post id, k-fold (`oof`) and leave-one-set-out (`loso_probs`).
 */
export interface TransformerMeasurement {
  /** `cap`: at most this many posts per set, in both halves (at least a set's size: every post). */
  setting: { base: string; max_len: number; epochs: number; lr: number; cap: number; folds: number; prune?: number };
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

/** Out-of-fold probabilities of one kind (`cv` or `loso`) for every post, and each post's lexicon compound. */
export interface OutOfFold {
  /** Three per post, by the corpus's post index (NaN where the linear model has none of this kind). */
  linear: Float64Array;
  /** By post id. */
  transformer: Record<string, [number, number, number]>;
  /** By the corpus's post index. */
  lexicon: Float64Array;
}

/**
 * Per set, on the posts the transformer's measurement holds: macro-F1 of the transformer, of the combination (the
 * shares' mix of the transformer's, the linear model's and the lexicon's probabilities), and of the linear model
 * alone.
 */
export function sideBySide(
  corpus: Corpus,
  ids: readonly string[],
  oof: OutOfFold,
  shares: CombinationShares,
): Map<number, SideBySide> {
  const out = new Map<number, SideBySide>();
  for (let s = 0; s < corpus.sets.length; s++) {
    const gold: SentimentLabel[] = [];
    const t: SentimentLabel[] = [];
    const c: SentimentLabel[] = [];
    const l: SentimentLabel[] = [];
    const mixed = new Float64Array(3);
    ids.forEach((id, i) => {
      const p = oof.transformer[id];
      if (corpus.setOf[i] !== s || !p || Number.isNaN(oof.linear[i * 3]!)) return;
      gold.push(corpus.gold[i]!);
      t.push(argmaxLabel(p, 0));
      l.push(argmaxLabel(oof.linear, i * 3));
      c.push(argmaxLabel(mixProbabilities(p, 0, oof.linear, i * 3, oof.lexicon[i]!, shares, mixed), 0));
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
 * The combination's shares: the lexicon's share (0 to 0.4 in steps of 0.1), and the transformer's part of the rest
 * (steps of 0.1, the linear model taking what is left), that give the best mean of the k-fold and the
 * leave-one-set-out mean macro-F1. A tie keeps the smaller lexicon share, then the larger transformer share.
 */
export function tuneCombination(
  corpus: Corpus,
  ids: readonly string[],
  cv: OutOfFold,
  loso: OutOfFold,
): { shares: CombinationShares; score: number } {
  let best = { shares: { transformer: 1, linear: 0, lexicon: 0 }, score: -1 };
  const share = (x: number) => Math.round(x * 100) / 100;
  for (let x = 0; x <= 4; x++)
    for (let w = 10; w >= 0; w--) {
      const lexicon = x / 10;
      const shares = { transformer: share((w / 10) * (1 - lexicon)), linear: 0, lexicon };
      shares.linear = share(1 - shares.transformer - lexicon);
      const score =
        (judgedMean(corpus, sideBySide(corpus, ids, cv, shares), (f) => f.combination) +
          judgedMean(corpus, sideBySide(corpus, ids, loso, shares), (f) => f.combination)) /
        2;
      if (score > best.score + 1e-9) best = { shares, score };
    }
  return best;
}

/**
 * A measurement's out-of-fold probabilities beside the linear model's, for `sideBySide`, with each post's lexicon
 * compound as the corpus's features carry it: the lexicon's reading of the post's first MAX_CHARS characters, which is
 * what serving's `lexiconCompound` gives when the corpus was built with the production lexicon (scoreSentiment).
 */
export function outOfFold(
  corpus: Corpus,
  linear: { cv: Float64Array; loso: Float64Array },
  measured: TransformerMeasurement,
): { cv: OutOfFold; loso: OutOfFold } {
  const lexicon = Float64Array.from(corpus.examples, (e) => lexiconCompoundOf(e.f));
  return {
    cv: { linear: linear.cv, transformer: measured.oof, lexicon },
    loso: { linear: linear.loso, transformer: measured.loso_probs, lexicon },
  };
}
