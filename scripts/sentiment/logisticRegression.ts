import { seededRandom } from '../../core/random/seededRandom';
import type { PostFeatures } from '../../domain/signal/sentimentFeatures';
import { linearScores } from '../../domain/signal/sentimentModel';

export interface Example {
  f: PostFeatures;
  /** Class index: 0 bearish, 1 neutral, 2 bullish for sentiment; the set's index for the style classifier. */
  y: number;
  /** Sample weight (class and dataset weighting). */
  w: number;
}

export interface RegressionOptions {
  hashBits: number;
  dense: number;
  /** L2 penalty per update of a weight (applied to the features a post has, as in lazy sparse training). */
  l2: number;
  epochs: number;
  learningRate: number;
  seed: number;
  /** How many classes (3 for sentiment, the number of sets for the style classifier); 3 when not given. */
  classes?: number;
}

export interface Regression {
  /** Row-major [feature][class]. */
  weights: Float64Array;
  bias: number[];
}

/**
 * Multinomial logistic regression fitted by AdaGrad on sparse hashed features: each example moves
 * only the weights of the buckets it has, so an epoch over 20,000 posts takes a fraction of a
 * second on one core. No library in the registry trains sparse multinomial regression in Node; the
 * loop is short and the cross-validation tests it. Reproducible: the example order comes from `seed`.
 */
export function trainRegression(examples: readonly Example[], o: RegressionOptions): Regression {
  const classes = o.classes ?? 3;
  const rows = (1 << o.hashBits) + o.dense;
  const w = new Float64Array(rows * classes);
  const g2 = new Float64Array(rows * classes);
  const bias = new Float64Array(classes);
  const biasG2 = new Float64Array(classes);
  const z = new Float64Array(classes);
  const grad = new Float64Array(classes);
  const order = examples.map((_, i) => i);
  const rand = seededRandom(o.seed);
  const eps = 1e-8;
  const base = (1 << o.hashBits) * classes;

  const step = (offset: number, x: number) => {
    for (let k = 0; k < classes; k++) {
      const j = offset + k;
      const g = grad[k]! * x + o.l2 * w[j]!;
      g2[j]! += g * g;
      w[j]! -= (o.learningRate * g) / Math.sqrt(g2[j]! + eps);
    }
  };

  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const e of order) {
      const ex = examples[e]!;
      linearScores(w, bias, o.hashBits, classes, ex.f, z);
      let m = -Infinity;
      for (let k = 0; k < classes; k++) m = Math.max(m, z[k]!);
      let sum = 0;
      for (let k = 0; k < classes; k++) sum += z[k] = Math.exp(z[k]! - m);
      for (let k = 0; k < classes; k++) grad[k] = ex.w * (z[k]! / sum - (k === ex.y ? 1 : 0));
      for (let k = 0; k < classes; k++) {
        biasG2[k]! += grad[k]! * grad[k]!;
        bias[k]! -= (o.learningRate * grad[k]!) / Math.sqrt(biasG2[k]! + eps);
      }
      const { indices, values } = ex.f;
      for (let i = 0; i < indices.length; i++) step(indices[i]! * classes, values[i]!);
      for (let d = 0; d < ex.f.dense.length; d++) if (ex.f.dense[d] !== 0) step(base + d * classes, ex.f.dense[d]!);
    }
  }
  return { weights: w, bias: [...bias] };
}
