import { scoreSentiment } from '../signal/sentiment';
import { MAX_CHARS } from '../signal/sentimentFeatures';
import { CLASSES, type SentimentScore } from '../signal/sentimentModel';

/**
 * Each model's share of the label a subscriber sees (they sum to 1): the fine-tuned transformer, the learned linear
 * model, and the lexicon. The lexicon learned nothing from any labelled set, so it does not share the learned models'
 * idea of how often a kind of post is neutral; that is what it adds on posts unlike the training sets. Training
 * chooses the shares on k-fold and leave-one-set-out figures (docs/sentiment-transformer.md). On a post in which no
 * lexicon word fires the lexicon abstains (`mixProbabilities`).
 */
export interface CombinationShares {
  transformer: number;
  linear: number;
  lexicon: number;
}

/**
 * The three class probabilities behind a linear-model score. The score keeps the label's probability (confidence) and
 * P(bullish) − P(bearish) (compound), which with the three summing to one give back all three.
 */
export function linearProbabilities(score: SentimentScore): [number, number, number] {
  const { label, confidence: c, compound: d } = score;
  if (label === 'bullish') return [c - d, 1 - 2 * c + d, c];
  if (label === 'bearish') return [c, 1 - 2 * c - d, c + d];
  return [(1 - c - d) / 2, c, (1 - c + d) / 2];
}

/** The lexicon's compound of a post, read on the opening the linear model's features read. */
export const lexiconCompound = (text: string): number => scoreSentiment(text.slice(0, MAX_CHARS)).compound;

/**
 * A lexicon compound c in [−1, 1] as bearish, neutral, bullish probabilities: |c| goes to the side it leans to and
 * the rest to neutral.
 */
export function lexiconProbabilities(compound: number): [number, number, number] {
  return [Math.max(0, -compound), 1 - Math.abs(compound), Math.max(0, compound)];
}

/**
 * The shares' mix of the three models' probabilities (transformer's at `at`, linear's at `linearAt`), into `out`.
 * A compound of exactly 0 means no lexicon word fired (or their valences cancelled out): that is no evidence that the
 * post takes no stance ("Added $REGN at 402", "$ACI creeping up"), so there the lexicon abstains and the two learned
 * models share its part in proportion to their own shares. A post the lexicon reads any stance in keeps its vote,
 * neutral part included.
 */
export function mixProbabilities(
  transformer: ArrayLike<number>,
  at: number,
  linear: ArrayLike<number>,
  linearAt: number,
  compound: number,
  shares: CombinationShares,
  out: Float64Array,
): Float64Array {
  const learned = shares.transformer + shares.linear;
  const abstains = compound === 0 && learned > 0;
  const t = abstains ? shares.transformer / learned : shares.transformer;
  const l = abstains ? shares.linear / learned : shares.linear;
  const x = abstains ? [0, 0, 0] : lexiconProbabilities(compound);
  for (let k = 0; k < 3; k++) out[k] = t * transformer[at + k]! + l * linear[linearAt + k]! + shares.lexicon * x[k]!;
  return out;
}

/**
 * The label a subscriber sees once the transformer has read a post: its probabilities mixed with the linear model's
 * and the lexicon's by the shares training chose.
 */
export function combinedScore(
  transformer: ArrayLike<number>,
  at: number,
  linear: SentimentScore,
  compound: number,
  shares: CombinationShares,
): SentimentScore {
  const p = mixProbabilities(transformer, at, linearProbabilities(linear), 0, compound, shares, new Float64Array(3));
  const k = p[0]! >= p[1]! && p[0]! >= p[2]! ? 0 : p[2]! > p[1]! ? 2 : 1;
  return { label: CLASSES[k]!, compound: round4(p[2]! - p[0]!), confidence: round4(p[k]!) };
}

/**
 * The label a subscriber sees for each text, from the transformer's probabilities for the same texts (three per text,
 * in order) and the linear model's scores of them: what the re-score writes, and what the evaluations score.
 */
export function combinedScores(
  texts: readonly string[],
  transformer: ArrayLike<number>,
  linear: readonly SentimentScore[],
  shares: CombinationShares,
): SentimentScore[] {
  return texts.map((text, i) => combinedScore(transformer, i * 3, linear[i]!, lexiconCompound(text), shares));
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
