import type { SentimentLabel } from './sentiment';

const LABELS: readonly SentimentLabel[] = ['bearish', 'neutral', 'bullish'];

export interface Scores {
  macroF1: number;
  accuracy: number;
}

/**
 * Macro-F1 over the classes that hold at least a tenth of the gold labels (the accuracy target's measure: a set
 * without neutral posts is scored on bullish and bearish, and a neutral prediction there is an error),
 * and plain accuracy.
 */
export function scoreLabels(gold: readonly SentimentLabel[], predicted: readonly SentimentLabel[]): Scores {
  const n = gold.length;
  let correct = 0;
  for (let i = 0; i < n; i++) if (gold[i] === predicted[i]) correct++;
  let sum = 0;
  let classes = 0;
  for (const label of LABELS) {
    let support = 0;
    let tp = 0;
    let fp = 0;
    for (let i = 0; i < n; i++) {
      if (gold[i] === label) support++;
      if (predicted[i] === label) {
        if (gold[i] === label) tp++;
        else fp++;
      }
    }
    if (support < n / 10) continue;
    const fn = support - tp;
    classes++;
    sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return { macroF1: classes === 0 ? 0 : sum / classes, accuracy: n === 0 ? 0 : correct / n };
}
