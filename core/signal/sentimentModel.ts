import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createFeatureScratch, DENSE_FEATURES, postFeatures, type FeatureSpace, type LexiconScore, type PostFeatures } from './sentimentFeatures';
import { scoreSentiment, type SentimentLabel, type SentimentResult } from './sentiment';

/**
 * The learned sentiment model: multinomial logistic regression over hashed text features and the
 * lexicon's score (sentimentFeatures.ts), trained by `npm run train:sentiment` and committed as
 * `core/signal/model/sentiment.model`. Scoring needs Node only.
 *
 * File layout: the magic line `STOCKPULSE-SENTIMENT-MODEL 1\n`, one JSON header line, then the
 * weights as little-endian int16 (one row of three classes per feature, scaled by `header.scale`).
 * The header carries the SHA-256 of the weight bytes, so a truncated or altered file is refused.
 */

export const CLASSES = ['bearish', 'neutral', 'bullish'] as const satisfies readonly SentimentLabel[];
const MAGIC = 'STOCKPULSE-SENTIMENT-MODEL 1\n';
export const DEFAULT_MODEL_PATH = fileURLToPath(new URL('./model/sentiment.model', import.meta.url));
/** What mention rows written by the lexicon scorer (before the learned model) record as their analyser. */
export const LEXICON_ANALYSER_VERSION = 'lexicon-1';

export interface ModelHeader extends FeatureSpace {
  /** Logit offsets added at decision time, chosen by cross-validation (bearish, neutral, bullish). */
  offsets: [number, number, number];
  /** Class biases of the regression itself. */
  bias: [number, number, number];
  scale: number;
  sha256: string;
  /** How it was trained (seed, L2, data files, cross-validated figures): for the record, not used to score. */
  training: Record<string, unknown>;
}

export interface SentimentModel {
  header: ModelHeader;
  /** Row-major [feature][class] weights, hashed buckets first, then the dense features. */
  weights: Float64Array;
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
  return `learned-${sha256.slice(0, 12)}`;
}

/** Serialises a model; the weights are quantised to int16 (half the size of float32, no measurable loss). */
export function encodeModel(header: Omit<ModelHeader, 'scale' | 'sha256'>, weights: Float64Array): Buffer {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 32767 : 1;
  const body = Buffer.alloc(weights.length * 2);
  for (let i = 0; i < weights.length; i++) body.writeInt16LE(Math.round(weights[i]! / scale), i * 2);
  const sha256 = createHash('sha256').update(body).digest('hex');
  return Buffer.concat([Buffer.from(MAGIC + JSON.stringify({ ...header, scale, sha256 }) + '\n'), body]);
}

export function decodeModel(bytes: Buffer, file: string): SentimentModel {
  const fail = (why: string) => new SentimentModelError(`Sentiment model ${file} is corrupt (${why}); restore it from git or run npm run train:sentiment.`);
  if (bytes.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) throw fail('not a StockPulse sentiment model');
  const headerEnd = bytes.indexOf(0x0a, MAGIC.length);
  if (headerEnd < 0) throw fail('no header');
  let header: ModelHeader;
  try {
    header = JSON.parse(bytes.subarray(MAGIC.length, headerEnd).toString('utf8')) as ModelHeader;
  } catch {
    throw fail('unreadable header');
  }
  if (!Number.isInteger(header.hashBits) || header.hashBits < 8 || header.hashBits > 24 || header.dense !== DENSE_FEATURES) throw fail('unexpected feature space');
  const body = bytes.subarray(headerEnd + 1);
  const expected = ((1 << header.hashBits) + header.dense) * CLASSES.length * 2;
  if (body.length !== expected) throw fail(`${body.length} weight bytes, expected ${expected}`);
  if (createHash('sha256').update(body).digest('hex') !== header.sha256) throw fail('checksum mismatch');
  const weights = new Float64Array(body.length / 2);
  for (let i = 0; i < weights.length; i++) weights[i] = body.readInt16LE(i * 2) * header.scale;
  return { header, weights, version: modelVersion(header.sha256) };
}

/** Reads the model file; a missing or corrupt file is a SentimentModelError whose one-line message names it. */
export function loadSentimentModel(file: string = DEFAULT_MODEL_PATH): SentimentModel {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new SentimentModelError(
      code === 'ENOENT' ? `Sentiment model ${file} is missing; restore it from git or run npm run train:sentiment.` : `Sentiment model ${file} cannot be read (${code ?? String(err)}).`,
    );
  }
  return decodeModel(bytes, file);
}

/** The class logits of a featurised post (the regression's raw output, before the decision offsets). */
export function logits(weights: Float64Array, bias: ArrayLike<number>, hashBits: number, f: PostFeatures, out = new Float64Array(3)): Float64Array {
  let z0 = bias[0]!;
  let z1 = bias[1]!;
  let z2 = bias[2]!;
  const idx = f.indices;
  const vs = f.values;
  for (let i = 0; i < idx.length; i++) {
    const o = idx[i]! * 3;
    const v = vs[i]!;
    z0 += v * weights[o]!;
    z1 += v * weights[o + 1]!;
    z2 += v * weights[o + 2]!;
  }
  const base = (1 << hashBits) * 3;
  for (let d = 0; d < f.dense.length; d++) {
    const x = f.dense[d]!;
    if (x === 0) continue;
    const o = base + d * 3;
    z0 += x * weights[o]!;
    z1 += x * weights[o + 1]!;
    z2 += x * weights[o + 2]!;
  }
  out[0] = z0;
  out[1] = z1;
  out[2] = z2;
  return out;
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

/** The production analyser: the learned model over the lexicon scorer's features. */
export function createSentimentAnalyser(model: SentimentModel, lexicon: LexiconScore = (t) => scoreSentiment(t).compound): SentimentAnalyser {
  const { header, weights } = model;
  const z = new Float64Array(3);
  const scratch = createFeatureScratch(header.dense);
  return {
    version: model.version,
    analyse(text: string): SentimentScore {
      const f = postFeatures(text, header, lexicon, scratch);
      // Nothing to read (empty, whitespace, symbols only): no stance.
      if (f.indices.length === 0) return { label: 'neutral', compound: 0, confidence: 1 };
      return decide(logits(weights, header.bias, header.hashBits, f, z), header.offsets);
    },
  };
}
