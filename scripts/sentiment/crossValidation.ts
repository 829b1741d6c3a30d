import { seededRandom } from '../../core/random/seededRandom';
import type { SentimentLabel } from '../../core/signal/sentiment';
import { DENSE_FEATURES, postFeatures, type LexiconScore } from '../../core/signal/sentimentFeatures';
import { CLASSES, logits } from '../../core/signal/sentimentModel';
import { trainRegression, type Example, type Regression } from './logisticRegression';
import { scoreLabels, type Scores } from '../../core/signal/labelScores';
import { SUPPLEMENT_SETS, type LabelledSet } from './signalData';

export interface TrainingConfig {
  hashBits: number;
  l2: number;
  epochs: number;
  learningRate: number;
  seed: number;
  folds: number;
  /**
   * Each set's share of the training weight, relative to its size (1 = as many posts as it has).
   * Within a set the classes are balanced (StockTwits is 84% bullish), so a set weighs
   * size × factor in total.
   */
  setWeights: Record<string, number>;
}

export const DEFAULT_CONFIG: TrainingConfig = {
  hashBits: 18,
  l2: 1e-3,
  epochs: 10,
  learningRate: 0.1,
  seed: 20261124,
  folds: 5,
  setWeights: { reddit_crypto_surgeai: 0.5, stock_tweets_taborda2020: 4 },
};

/** All posts of all sets, featurised once, with class-balanced weights and a stratified fold number. */
export interface Corpus {
  sets: LabelledSet[];
  examples: Example[];
  gold: SentimentLabel[];
  setOf: Uint8Array;
  foldOf: Uint8Array;
}

export function buildCorpus(sets: LabelledSet[], config: TrainingConfig, lexicon: LexiconScore): Corpus {
  const space = { hashBits: config.hashBits, dense: DENSE_FEATURES };
  const examples: Example[] = [];
  const gold: SentimentLabel[] = [];
  const setOf: number[] = [];
  const foldOf: number[] = [];
  const rand = seededRandom(config.seed);
  sets.forEach((set, s) => {
    const counts = new Map<SentimentLabel, number>();
    for (const p of set.posts) counts.set(p.label, (counts.get(p.label) ?? 0) + 1);
    const factor = config.setWeights[set.name] ?? 1;
    // Stratified folds: within each (set, label), a shuffled round robin.
    const byLabel = new Map<SentimentLabel, number[]>();
    set.posts.forEach((p, i) => {
      const list = byLabel.get(p.label) ?? [];
      list.push(i);
      byLabel.set(p.label, list);
    });
    const fold = new Array<number>(set.posts.length);
    for (const idx of byLabel.values()) {
      for (let i = idx.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [idx[i], idx[j]] = [idx[j]!, idx[i]!];
      }
      idx.forEach((postIndex, k) => (fold[postIndex] = k % config.folds));
    }
    set.posts.forEach((p, i) => {
      examples.push({
        f: postFeatures(p.text, space, lexicon),
        y: CLASSES.indexOf(p.label),
        w: (factor * set.posts.length) / (counts.size * counts.get(p.label)!),
      });
      gold.push(p.label);
      setOf.push(s);
      foldOf.push(fold[i]!);
    });
  });
  return { sets, examples, gold, setOf: Uint8Array.from(setOf), foldOf: Uint8Array.from(foldOf) };
}

export function train(examples: readonly Example[], config: TrainingConfig): Regression {
  return trainRegression(examples, { ...config, dense: DENSE_FEATURES });
}

/** Logits of every post from the model that did not see it (k-fold), three per post. */
export function outOfFoldLogits(corpus: Corpus, config: TrainingConfig): Float64Array {
  const out = new Float64Array(corpus.examples.length * 3);
  for (let k = 0; k < config.folds; k++) {
    const model = train(corpus.examples.filter((_, i) => corpus.foldOf[i] !== k), config);
    corpus.examples.forEach((e, i) => {
      if (corpus.foldOf[i] === k) out.set(logits(model.weights, model.bias, config.hashBits, e.f), i * 3);
    });
  }
  return out;
}

/** Labels for logits with decision offsets (the argmax `decide` takes, without the probabilities). */
export function labelsOf(z: Float64Array, offsets: readonly number[], which: readonly number[]): SentimentLabel[] {
  return which.map((i) => {
    const a = z[i * 3]! + offsets[0]!;
    const b = z[i * 3 + 1]! + offsets[1]!;
    const c = z[i * 3 + 2]! + offsets[2]!;
    return CLASSES[a >= b && a >= c ? 0 : c > b ? 2 : 1]!;
  });
}

/** The sets a model is judged on (the crypto supplement is not one of them). */
export const judgedSets = (corpus: Corpus): number[] => corpus.sets.flatMap((s, i) => (SUPPLEMENT_SETS.has(s.name) ? [] : [i]));

/** Per-set scores of some posts' logits under offsets. */
export function scoresBySet(corpus: Corpus, z: Float64Array, offsets: readonly number[], posts: readonly number[]): Map<number, Scores> {
  const bySet = new Map<number, number[]>();
  for (const i of posts) {
    const list = bySet.get(corpus.setOf[i]!) ?? [];
    list.push(i);
    bySet.set(corpus.setOf[i]!, list);
  }
  const result = new Map<number, Scores>();
  for (const [s, idx] of bySet) result.set(s, scoreLabels(idx.map((i) => corpus.gold[i]!), labelsOf(z, offsets, idx)));
  return result;
}

/**
 * The decision offsets (added to the neutral and bullish logits) that maximise the mean macro-F1 over
 * the judged sets among `posts`: the neutral-versus-stance and bullish-versus-bearish thresholds,
 * chosen on held-out predictions rather than by hand.
 */
export function tuneOffsets(corpus: Corpus, z: Float64Array, posts: readonly number[]): [number, number, number] {
  const judged = new Set(judgedSets(corpus));
  const mine = posts.filter((i) => judged.has(corpus.setOf[i]!));
  let best: [number, number, number] = [0, 0, 0];
  let bestScore = -1;
  for (let n = -30; n <= 30; n += 2) {
    for (let b = -20; b <= 20; b += 2) {
      const offsets: [number, number, number] = [0, n / 10, b / 10];
      const scores = [...scoresBySet(corpus, z, offsets, mine).values()];
      const mean = scores.reduce((sum, s) => sum + s.macroF1, 0) / scores.length;
      if (mean > bestScore + 1e-9) {
        bestScore = mean;
        best = offsets;
      }
    }
  }
  return best;
}
