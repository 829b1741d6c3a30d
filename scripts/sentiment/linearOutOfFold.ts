import { CLASSES, linearScores } from '../../domain/signal/sentimentModel';
import {
  blendedLogits,
  judgedSets,
  outOfFoldLogits,
  outOfFoldStyles,
  styleScoresOf,
  train,
  trainStyles,
  tuneBlend,
  type Corpus,
  type TrainingConfig,
} from './crossValidation';

/** Logits plus decision offsets → bearish, neutral, bullish probabilities, written at `at`. */
function softmaxInto(z: Float64Array, at: number, offsets: readonly number[], out: Float64Array): void {
  const a = z[at]! + offsets[0]!;
  const b = z[at + 1]! + offsets[1]!;
  const c = z[at + 2]! + offsets[2]!;
  const m = Math.max(a, b, c);
  const s = Math.exp(a - m) + Math.exp(b - m) + Math.exp(c - m);
  out[at] = Math.exp(a - m) / s;
  out[at + 1] = Math.exp(b - m) / s;
  out[at + 2] = Math.exp(c - m) / s;
}

/**
 * The linear model's probabilities for every post, never from a model that saw it:
 *  - `cv`: k-fold, the lexicon's shares and the offsets for fold k tuned on the other folds' out-of-fold predictions;
 *  - `loso`: for each judged set, regression and style classifier trained on the other sets (the set's posts only).
 * Labels taken from these are the eval's "learned" columns.
 */
export function linearOutOfFold(corpus: Corpus, config: TrainingConfig): { cv: Float64Array; loso: Float64Array } {
  const all = corpus.examples.map((_, i) => i);
  const z = outOfFoldLogits(corpus, config);
  const styleScores = outOfFoldStyles(corpus, config);
  const cv = new Float64Array(all.length * 3);
  for (let k = 0; k < config.folds; k++) {
    const blend = tuneBlend(
      corpus,
      z,
      styleScores,
      all.filter((i) => corpus.foldOf[i] !== k),
    );
    const inFold = all.filter((i) => corpus.foldOf[i] === k);
    const zk = blendedLogits(corpus, z, styleScores, blend, inFold);
    for (const i of inFold) softmaxInto(zk, i * 3, blend.offsets, cv);
  }
  // The left-out set's style was never seen, so its posts are read as the nearest known style.
  const loso = new Float64Array(all.length * 3).fill(Number.NaN);
  for (const s of judgedSets(corpus)) {
    const others = all.filter((i) => corpus.setOf[i] !== s);
    const m = train(
      others.map((i) => corpus.examples[i]!),
      config,
    );
    const blend = tuneBlend(corpus, z, styleScores, others);
    const mine = all.filter((i) => corpus.setOf[i] === s);
    const zs = new Float64Array(all.length * 3);
    for (const i of mine)
      zs.set(linearScores(m.weights, m.bias, config.hashBits, CLASSES.length, corpus.examples[i]!.f), i * 3);
    const styles = styleScoresOf(corpus, trainStyles(corpus, others, config), config, mine);
    const zb = blendedLogits(corpus, zs, styles, blend, mine);
    for (const i of mine) softmaxInto(zb, i * 3, blend.offsets, loso);
  }
  return { cv, loso };
}

export const argmaxLabel = (p: ArrayLike<number>, at: number) =>
  CLASSES[p[at]! >= p[at + 1]! && p[at]! >= p[at + 2]! ? 0 : p[at + 2]! > p[at + 1]! ? 2 : 1];
