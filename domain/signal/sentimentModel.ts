import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createFeatureScratch,
  DENSE_FEATURES,
  postFeatures,
  type FeatureSpace,
  type LexiconScore,
  type PostFeatures,
} from './sentimentFeatures';
import { LEARNED_ANALYSER_PREFIX } from '../../core/sentimentAnalysers';
import { scoreSentiment, type SentimentLabel, type SentimentResult } from './sentiment';

/**
 * The learned sentiment model, trained by `npm run train:sentiment` and committed as
 * `domain/signal/model/sentiment.model`. Scoring needs Node only. Two linear models read the same features
 * (sentimentFeatures.ts: hashed word and character n-grams plus the lexicon's score):
 *  - the sentiment regression: multinomial logistic regression over bearish, neutral, bullish;
 *  - the style classifier: which of the training sets the post reads like (StockTwits chatter, news
 *    headlines, general market tweets, crypto Reddit). The sets label by different conventions, and the
 *    lexicon reads one of them (general positive/negative tweets) better than any model learned from
 *    these posts, so each style gives the lexicon's vote its own share of the decision (`lexiconShare`,
 *    chosen by cross-validation): an ensemble of model and lexicon, weighed per style.
 *
 * File layout: the magic line `STOCKPULSE-SENTIMENT-MODEL 2\n`, one JSON header line, then the sentiment
 * weights (one row of three classes per feature) and the style weights (one row of `styles.length`
 * classes per feature), each as little-endian int16 scaled by its own `scale`/`styleScale`.
 * The header carries the SHA-256 of the weight bytes, so a truncated or altered file is refused.
 */

export const CLASSES = ['bearish', 'neutral', 'bullish'] as const satisfies readonly SentimentLabel[];
const MAGIC = 'STOCKPULSE-SENTIMENT-MODEL 2\n';
export const DEFAULT_MODEL_PATH = fileURLToPath(new URL('./model/sentiment.model', import.meta.url));

export interface ModelHeader extends FeatureSpace {
  /** Logit offsets added at decision time, chosen by cross-validation (bearish, neutral, bullish). */
  offsets: [number, number, number];
  /** Class biases of the regression itself. */
  bias: number[];
  scale: number;
  /** The post styles the style classifier tells apart (the training sets, by file name), and its biases. */
  styles: string[];
  styleBias: number[];
  styleScale: number;
  /** Per style, the share of the decision the lexicon's vote takes (0: the regression alone), chosen by cross-validation. */
  lexiconShare: number[];
  /** The lexicon's vote as logits: −gain × compound for bearish, 0 for neutral, +gain × compound for bullish. */
  lexiconGain: number;
  sha256: string;
  /** How it was trained (seed, L2, data files, cross-validated figures): for the record, not used to score. */
  training: Record<string, unknown>;
}

export interface SentimentModel {
  header: ModelHeader;
  /**
   * Both models' weights as the file's int16 values in one table, one row of ROW per feature (hashed
   * buckets first, then the dense features): the three sentiment weights, then one weight per style, zeros
   * after; multiply by `header.scale` or `header.styleScale`. A post's features are scattered over a table
   * larger than the processor's caches, so each feature's weights for both models come from one 16-byte
   * row (one memory fetch), and int16 keeps the table half the size of float32.
   */
  rows: Int16Array;

  /** `learned-` and the first 12 hex digits of the weights' SHA-256: retraining gives a new version. */
  version: string;
}

export class SentimentModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SentimentModelError';
  }
}

function modelVersion(sha256: string): string {
  return `${LEARNED_ANALYSER_PREFIX}${sha256.slice(0, 12)}`;
}

type Quantised = { scale: number; body: Buffer };

/** Weights as int16 (half the size of float32, no measurable loss), scaled so the largest is 32767. */
function quantise(weights: Float64Array): Quantised {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 32767 : 1;
  const body = Buffer.alloc(weights.length * 2);
  for (let i = 0; i < weights.length; i++) body.writeInt16LE(Math.round(weights[i]! / scale), i * 2);
  return { scale, body };
}

/**
 * Row length of the scoring table: three sentiment weights and up to five styles, padded with zeros, so the
 * scoring loop is written out in full (a loop over a variable number of styles took three times as long).
 */
const ROW = 8;
export const MAX_STYLES = ROW - CLASSES.length;

/** The file's two int16 blocks ([feature][class] each) interleaved into one row of ROW per feature. */
function interleave(sentiment: Buffer, style: Buffer, rows: number, styles: number): Int16Array {
  const table = new Int16Array(rows * ROW);
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < CLASSES.length; k++) table[r * ROW + k] = sentiment.readInt16LE((r * CLASSES.length + k) * 2);
    for (let k = 0; k < styles; k++) table[r * ROW + CLASSES.length + k] = style.readInt16LE((r * styles + k) * 2);
  }
  return table;
}

/** Serialises a model: header line, then the sentiment and the style weights. */
export function encodeModel(
  header: Omit<ModelHeader, 'scale' | 'styleScale' | 'sha256'>,
  weights: Float64Array,
  styleWeights: Float64Array,
): Buffer {
  const sentiment = quantise(weights);
  const style = quantise(styleWeights);
  const body = Buffer.concat([sentiment.body, style.body]);
  const sha256 = createHash('sha256').update(body).digest('hex');
  return Buffer.concat([
    Buffer.from(MAGIC + JSON.stringify({ ...header, scale: sentiment.scale, styleScale: style.scale, sha256 }) + '\n'),
    body,
  ]);
}

export function decodeModel(bytes: Buffer, file: string): SentimentModel {
  const fail = (why: string) =>
    new SentimentModelError(
      `Sentiment model ${file} is corrupt (${why}); restore it from git or run npm run train:sentiment.`,
    );
  if (bytes.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) throw fail('not a StockPulse sentiment model');
  const headerEnd = bytes.indexOf(0x0a, MAGIC.length);
  if (headerEnd < 0) throw fail('no header');
  let header: ModelHeader;
  try {
    header = JSON.parse(bytes.subarray(MAGIC.length, headerEnd).toString('utf8')) as ModelHeader;
  } catch {
    throw fail('unreadable header');
  }
  if (
    !Number.isInteger(header.hashBits) ||
    header.hashBits < 8 ||
    header.hashBits > 24 ||
    header.dense !== DENSE_FEATURES
  )
    throw fail('unexpected feature space');
  const styles = Array.isArray(header.styles) ? header.styles.length : 0;
  if (
    styles < 1 ||
    styles > MAX_STYLES ||
    header.styleBias?.length !== styles ||
    header.lexiconShare?.length !== styles ||
    !Number.isFinite(header.lexiconGain)
  ) {
    throw fail('unexpected styles');
  }
  const body = bytes.subarray(headerEnd + 1);
  const rows = (1 << header.hashBits) + header.dense;
  const expected = rows * (CLASSES.length + styles) * 2;
  if (body.length !== expected) throw fail(`${body.length} weight bytes, expected ${expected}`);
  if (createHash('sha256').update(body).digest('hex') !== header.sha256) throw fail('checksum mismatch');
  const split = rows * CLASSES.length * 2;
  return {
    header,
    rows: interleave(body.subarray(0, split), body.subarray(split), rows, styles),
    version: modelVersion(header.sha256),
  };
}

/** Reads the model file; a missing or corrupt file is a SentimentModelError whose one-line message names it. */
export function loadSentimentModel(file: string = DEFAULT_MODEL_PATH): SentimentModel {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new SentimentModelError(
      code === 'ENOENT'
        ? `Sentiment model ${file} is missing; restore it from git or run npm run train:sentiment.`
        : `Sentiment model ${file} cannot be read (${code ?? String(err)}).`,
    );
  }
  return decodeModel(bytes, file);
}

/**
 * The scores of a featurised post under trained float64 weights with any number of classes: the sentiment
 * regression's logits (3) or the style classifier's scores, in training and evaluation. The analyser reads
 * `modelScores`, which computes both from the loaded model's one table.
 */
export function linearScores(
  weights: Float64Array,
  bias: ArrayLike<number>,
  hashBits: number,
  classes: number,
  f: PostFeatures,
  out = new Float64Array(classes),
): Float64Array {
  for (let k = 0; k < classes; k++) out[k] = bias[k]!;
  const idx = f.indices;
  const vs = f.values;
  for (let i = 0; i < idx.length; i++) {
    const o = idx[i]! * classes;
    const v = vs[i]!;
    for (let k = 0; k < classes; k++) out[k] = out[k]! + v * weights[o + k]!;
  }
  const base = (1 << hashBits) * classes;
  for (let d = 0; d < f.dense.length; d++) {
    const x = f.dense[d]!;
    if (x === 0) continue;
    const o = base + d * classes;
    for (let k = 0; k < classes; k++) out[k] = out[k]! + x * weights[o + k]!;
  }
  return out;
}

/** The lexicon's share of the decision for a post: each style's share, weighed by how likely the post is of that style (softmax of the style scores). */
export function lexiconShareOf(styleScores: ArrayLike<number>, shares: readonly number[]): number {
  let m = -Infinity;
  for (let k = 0; k < shares.length; k++) m = Math.max(m, styleScores[k]!);
  let sum = 0;
  let weighed = 0;
  for (let k = 0; k < shares.length; k++) {
    const e = Math.exp(styleScores[k]! - m);
    sum += e;
    weighed += e * shares[k]!;
  }
  return weighed / sum;
}

/** The lexicon's compound as the post's features carry it (its positive part minus its negative part). */
export const lexiconCompoundOf = (f: PostFeatures): number => f.dense[0]! - f.dense[1]!;

/** Mixes the lexicon's vote into the regression's logits, in place: (1 − share) × logits + share × gain × (−c, 0, +c). */
export function blendLexicon(z: Float64Array, at: number, share: number, gain: number, compound: number): void {
  if (share === 0) return;
  const vote = share * gain * compound;
  z[at] = (1 - share) * z[at]! - vote;
  z[at + 1] = (1 - share) * z[at + 1]!;
  z[at + 2] = (1 - share) * z[at + 2]! + vote;
}

export interface SentimentScore extends SentimentResult {
  /** Probability of the label given, in [1/3, 1]. */
  confidence: number;
}

/** Softmax of logits plus decision offsets → label, compound = P(bullish) − P(bearish), confidence. */
export function decide(z: Float64Array, offsets: readonly number[]): SentimentScore {
  const a = z[0]! + offsets[0]!;
  const b = z[1]! + offsets[1]!;
  const c = z[2]! + offsets[2]!;
  const m = Math.max(a, b, c);
  const ea = Math.exp(a - m);
  const eb = Math.exp(b - m);
  const ec = Math.exp(c - m);
  const sum = ea + eb + ec;
  const p = [ea / sum, eb / sum, ec / sum] as const;
  const k = p[0] >= p[1] && p[0] >= p[2] ? 0 : p[2] > p[1] ? 2 : 1;
  return { label: CLASSES[k]!, compound: round4(p[2] - p[0]), confidence: round4(p[k]) };
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

export interface SentimentAnalyser {
  /** Recorded with every mention row, so figures from two analysers are never mixed unknowingly. */
  version: string;
  analyse(text: string): SentimentScore;
}

/**
 * A featurised post's sentiment logits (into `z`) and style scores (into `style`) under a loaded model:
 * `linearScores` of the two models at once, from the model's one table.
 */
export function modelScores(model: SentimentModel, f: PostFeatures, z: Float64Array, style: Float64Array): void {
  const { header, rows: t } = model;
  // Sums of value × int16 weight, scaled once at the end. Written out in one loop without a helper: a closure
  // over the sums makes V8 keep them in a heap context and costs five times the loop itself.
  let z0 = 0;
  let z1 = 0;
  let z2 = 0;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  const idx = f.indices;
  const vs = f.values;
  const dense = f.dense;
  const n = idx.length;
  const denseBase = (1 << header.hashBits) * ROW;
  // Entries 0…n−1 are the hashed features; n… the dense ones, whose rows follow the buckets.
  for (let i = 0; i < n + dense.length; i++) {
    const v = i < n ? vs[i]! : dense[i - n]!;
    const o = i < n ? idx[i]! * ROW : denseBase + (i - n) * ROW;
    z0 += v * t[o]!;
    z1 += v * t[o + 1]!;
    z2 += v * t[o + 2]!;
    s0 += v * t[o + 3]!;
    s1 += v * t[o + 4]!;
    s2 += v * t[o + 5]!;
    s3 += v * t[o + 6]!;
    s4 += v * t[o + 7]!;
  }
  z[0] = header.bias[0]! + z0 * header.scale;
  z[1] = header.bias[1]! + z1 * header.scale;
  z[2] = header.bias[2]! + z2 * header.scale;
  const styles = header.styles.length;
  const scale = header.styleScale;
  const bias = header.styleBias;
  if (styles > 0) style[0] = bias[0]! + s0 * scale;
  if (styles > 1) style[1] = bias[1]! + s1 * scale;
  if (styles > 2) style[2] = bias[2]! + s2 * scale;
  if (styles > 3) style[3] = bias[3]! + s3 * scale;
  if (styles > 4) style[4] = bias[4]! + s4 * scale;
}

/** The production analyser: the learned model, with the lexicon's vote mixed in as the post's style asks. */
export function createSentimentAnalyser(
  model: SentimentModel,
  lexicon: LexiconScore = (t) => scoreSentiment(t).compound,
): SentimentAnalyser {
  const { header } = model;
  const z = new Float64Array(3);
  const style = new Float64Array(header.styles.length);
  const scratch = createFeatureScratch(header.dense);
  return {
    version: model.version,
    analyse(text: string): SentimentScore {
      const f = postFeatures(text, header, lexicon, scratch);
      // Nothing to read (empty, whitespace, symbols only): no stance.
      if (f.indices.length === 0) return { label: 'neutral', compound: 0, confidence: 1 };
      modelScores(model, f, z, style);
      blendLexicon(z, 0, lexiconShareOf(style, header.lexiconShare), header.lexiconGain, lexiconCompoundOf(f));
      return decide(z, header.offsets);
    },
  };
}
