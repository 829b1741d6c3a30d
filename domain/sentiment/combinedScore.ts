import { CLASSES, type SentimentScore } from '../signal/sentimentModel';

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

/**
 * The label a subscriber sees once the transformer has read a post: its probabilities, mixed with the linear model's by
 * the weight training chose on out-of-fold predictions (1 = the transformer alone).
 */
export function combinedScore(
  transformer: ArrayLike<number>,
  at: number,
  linear: SentimentScore,
  transformerWeight: number,
): SentimentScore {
  const l = linearProbabilities(linear);
  const w = transformerWeight;
  const p = [0, 1, 2].map((k) => w * transformer[at + k]! + (1 - w) * l[k]!);
  const k = p[0]! >= p[1]! && p[0]! >= p[2]! ? 0 : p[2]! > p[1]! ? 2 : 1;
  return { label: CLASSES[k]!, compound: round4(p[2]! - p[0]!), confidence: round4(p[k]!) };
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
