import { seededRandom } from '../../core/random/seededRandom';
import type { SentimentLabel } from '../../domain/signal/sentiment';
import { DENSE_FEATURES, postFeatures, type LexiconScore } from '../../domain/signal/sentimentFeatures';
import {
  blendLexicon,
  CLASSES,
  lexiconCompoundOf,
  lexiconShareOf,
  linearScores,
} from '../../domain/signal/sentimentModel';
import { trainRegression, type Example, type Regression } from './logisticRegression';
import { scoreLabels, type Scores } from '../../domain/signal/labelScores';
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

/**
 * The style classifier: which set a post reads like, learned from the same features (class = the set's
 * index, every post weighing 1, so a style's prior is its share of the training posts).
 */
export function trainStyles(corpus: Corpus, posts: readonly number[], config: TrainingConfig): Regression {
  const examples = posts.map((i) => ({ f: corpus.examples[i]!.f, y: corpus.setOf[i]!, w: 1 }));
  return trainRegression(examples, { ...config, dense: DENSE_FEATURES, classes: corpus.sets.length });
}

/** Style scores of every post from a style classifier that did not see it (k-fold), one row of `sets.length` per post. */
export function outOfFoldStyles(corpus: Corpus, config: TrainingConfig): Float64Array {
  const out = new Float64Array(corpus.examples.length * corpus.sets.length);
  const all = corpus.examples.map((_, i) => i);
  for (let k = 0; k < config.folds; k++) {
    const model = trainStyles(
      corpus,
      all.filter((i) => corpus.foldOf[i] !== k),
      config,
    );
    styleScoresOf(
      corpus,
      model,
      config,
      all.filter((i) => corpus.foldOf[i] === k),
      out,
    );
  }
  return out;
}

/** Style scores of some posts under one style classifier, written into `out` (rows of other posts are left as they are). */
export function styleScoresOf(
  corpus: Corpus,
  model: Regression,
  config: TrainingConfig,
  posts: readonly number[],
  out = new Float64Array(corpus.examples.length * corpus.sets.length),
): Float64Array {
  const styles = corpus.sets.length;
  const row = new Float64Array(styles);
  for (const i of posts)
    out.set(linearScores(model.weights, model.bias, config.hashBits, styles, corpus.examples[i]!.f, row), i * styles);
  return out;
}

/** How the lexicon's vote is mixed into the regression's decision (see sentimentModel.ts). */
export interface LexiconBlend {
  lexiconShare: number[];
  lexiconGain: number;
}

export const NO_BLEND = (styles: number): LexiconBlend => ({
  lexiconShare: new Array<number>(styles).fill(0),
  lexiconGain: 1,
});

/** The regression's logits of some posts with the lexicon's vote mixed in as each post's style asks: what the analyser decides on. */
export function blendedLogits(
  corpus: Corpus,
  z: Float64Array,
  styleScores: Float64Array,
  blend: LexiconBlend,
  posts: readonly number[],
): Float64Array {
  const styles = corpus.sets.length;
  const out = new Float64Array(z);
  for (const i of posts) {
    const share = lexiconShareOf(styleScores.subarray(i * styles, (i + 1) * styles), blend.lexiconShare);
    blendLexicon(out, i * 3, share, blend.lexiconGain, lexiconCompoundOf(corpus.examples[i]!.f));
  }
  return out;
}

/** Logits of every post from the model that did not see it (k-fold), three per post. */
export function outOfFoldLogits(corpus: Corpus, config: TrainingConfig): Float64Array {
  const out = new Float64Array(corpus.examples.length * 3);
  for (let k = 0; k < config.folds; k++) {
    const model = train(
      corpus.examples.filter((_, i) => corpus.foldOf[i] !== k),
      config,
    );
    corpus.examples.forEach((e, i) => {
      if (corpus.foldOf[i] === k)
        out.set(linearScores(model.weights, model.bias, config.hashBits, CLASSES.length, e.f), i * 3);
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
export const judgedSets = (corpus: Corpus): number[] =>
  corpus.sets.flatMap((s, i) => (SUPPLEMENT_SETS.has(s.name) ? [] : [i]));

/** Per-set scores of some posts' logits under offsets. */
export function scoresBySet(
  corpus: Corpus,
  z: Float64Array,
  offsets: readonly number[],
  posts: readonly number[],
): Map<number, Scores> {
  const bySet = new Map<number, number[]>();
  for (const i of posts) {
    const list = bySet.get(corpus.setOf[i]!) ?? [];
    list.push(i);
    bySet.set(corpus.setOf[i]!, list);
  }
  const result = new Map<number, Scores>();
  for (const [s, idx] of bySet)
    result.set(
      s,
      scoreLabels(
        idx.map((i) => corpus.gold[i]!),
        labelsOf(z, offsets, idx),
      ),
    );
  return result;
}

/**
 * Mean macro-F1 over the judged sets among `posts` for logits under offsets: the same measure as
 * `scoresBySet` (scoreLabels), counted on typed arrays without allocating, because tuning calls it
 * hundreds of thousands of times.
 */
export function createMeanMacroF1(
  corpus: Corpus,
  posts: readonly number[],
): (z: Float64Array, offsets: readonly number[]) => number {
  const judged = new Set(judgedSets(corpus));
  const bySet = new Map<number, number[]>();
  for (const i of posts) {
    const s = corpus.setOf[i]!;
    if (!judged.has(s)) continue;
    const list = bySet.get(s) ?? [];
    list.push(i);
    bySet.set(s, list);
  }
  const groups = [...bySet.values()].map((idx) => {
    const gold = Uint8Array.from(idx, (i) => CLASSES.indexOf(corpus.gold[i]! as (typeof CLASSES)[number]));
    const support = [0, 0, 0];
    for (const g of gold) support[g]!++;
    return { idx: Uint32Array.from(idx), gold, support, counted: support.map((n) => n >= idx.length / 10) };
  });
  const tp = [0, 0, 0];
  const predicted = [0, 0, 0];
  return (z, offsets) => {
    let total = 0;
    for (const g of groups) {
      tp.fill(0);
      predicted.fill(0);
      for (let j = 0; j < g.idx.length; j++) {
        const o = g.idx[j]! * 3;
        const a = z[o]! + offsets[0]!;
        const b = z[o + 1]! + offsets[1]!;
        const c = z[o + 2]! + offsets[2]!;
        const k = a >= b && a >= c ? 0 : c > b ? 2 : 1;
        predicted[k]!++;
        if (k === g.gold[j]) tp[k]!++;
      }
      let sum = 0;
      let classes = 0;
      for (let k = 0; k < 3; k++) {
        if (!g.counted[k]) continue;
        classes++;
        sum += tp[k] === 0 ? 0 : (2 * tp[k]!) / (predicted[k]! + g.support[k]!);
      }
      total += classes === 0 ? 0 : sum / classes;
    }
    return groups.length === 0 ? 0 : total / groups.length;
  };
}

/**
 * The decision offsets (added to the neutral and bullish logits) that maximise the mean macro-F1 over
 * the judged sets among `posts`: the neutral-versus-stance and bullish-versus-bearish thresholds,
 * chosen on held-out predictions rather than by hand. `step` is the grid's spacing.
 */
export function tuneOffsets(
  corpus: Corpus,
  z: Float64Array,
  posts: readonly number[],
  step = 0.2,
): [number, number, number] {
  return bestOffsets(createMeanMacroF1(corpus, posts), z, step).offsets;
}

function bestOffsets(
  meanMacroF1: (z: Float64Array, offsets: readonly number[]) => number,
  z: Float64Array,
  step: number,
): { offsets: [number, number, number]; score: number } {
  let best: [number, number, number] = [0, 0, 0];
  let bestScore = -1;
  const steps = Math.round(1 / step);
  for (let n = -3 * steps; n <= 3 * steps; n++) {
    for (let b = -2 * steps; b <= 2 * steps; b++) {
      const offsets: [number, number, number] = [0, n / steps, b / steps];
      const score = meanMacroF1(z, offsets);
      if (score > bestScore + 1e-9) {
        bestScore = score;
        best = offsets;
      }
    }
  }
  return { offsets: best, score: bestScore };
}

/** Shares of the lexicon's vote tried per style, and gains for its logits. */
const SHARES = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const GAINS = [2, 4, 8];

/**
 * The lexicon's share per style, its gain and the decision offsets that maximise the mean macro-F1 over
 * the judged sets among `posts`, on held-out logits and style scores: coordinate ascent over the
 * styles (twice round), each candidate judged with its own offsets on a coarse grid, then the winner and the regression
 * alone compared with offsets on the fine grid, so it never does worse than the regression alone.
 */
export function tuneBlend(
  corpus: Corpus,
  z: Float64Array,
  styleScores: Float64Array,
  posts: readonly number[],
): LexiconBlend & { offsets: [number, number, number] } {
  const meanMacroF1 = createMeanMacroF1(corpus, posts);
  const score = (blend: LexiconBlend) =>
    bestOffsets(meanMacroF1, blendedLogits(corpus, z, styleScores, blend, posts), 0.5).score;
  let best = NO_BLEND(corpus.sets.length);
  let bestScore = score(best);
  for (let round = 0; round < 2; round++) {
    for (let s = 0; s < corpus.sets.length; s++) {
      for (const share of SHARES) {
        for (const gain of GAINS) {
          const lexiconShare = best.lexiconShare.slice();
          lexiconShare[s] = share;
          const candidate = { lexiconShare, lexiconGain: gain };
          const value = score(candidate);
          if (value > bestScore + 1e-9) {
            bestScore = value;
            best = candidate;
          }
        }
      }
    }
  }
  // The coarse grid only ranks candidates: the winner and no blend are compared on the fine one.
  const fine = (blend: LexiconBlend) => ({
    ...blend,
    ...bestOffsets(meanMacroF1, blendedLogits(corpus, z, styleScores, blend, posts), 0.2),
  });
  const blended = fine(best);
  const alone = fine(NO_BLEND(corpus.sets.length));
  const { score: _, ...chosen } = blended.score > alone.score ? blended : alone;
  return chosen;
}
