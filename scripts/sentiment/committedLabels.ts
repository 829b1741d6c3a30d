import { plainVaderSentiment, scoreSentiment, type SentimentLabel } from '../../domain/signal/sentiment';
import type { SentimentAnalyser } from '../../domain/signal/sentimentModel';
import { combinedScores, type CombinationShares } from '../../domain/sentiment/combinedScore';
import type { TransformerPool } from '../../domain/sentiment/transformerPool';
import { argmaxLabel } from './linearOutOfFold';

/** The committed analysers, as the product runs them. */
export interface CommittedAnalysers {
  linear: SentimentAnalyser;
  transformer: TransformerPool;
  shares: CombinationShares;
}

/** Each analyser's label for every text, in order. `combination` is the label subscribers see. */
export interface LabelsByAnalyser {
  combination: SentimentLabel[];
  transformer: SentimentLabel[];
  linear: SentimentLabel[];
  lexicon: SentimentLabel[];
  vader: SentimentLabel[];
}

export const ANALYSER_NAMES: Record<keyof LabelsByAnalyser, string> = {
  combination: 'combination',
  transformer: 'transformer',
  linear: 'linear',
  lexicon: 'lexicon (previous)',
  vader: 'plain VADER',
};

/**
 * Labels texts with the committed models, exactly as the re-score labels a post: the transformer's probabilities
 * mixed with the linear model's and the lexicon's by the committed shares; beside it each model alone.
 */
export async function labelWithCommittedModels(
  texts: readonly string[],
  { linear, transformer, shares }: CommittedAnalysers,
): Promise<LabelsByAnalyser> {
  const p = await transformer.score(texts);
  const linearScores = texts.map((t) => linear.analyse(t));
  return {
    combination: combinedScores(texts, p, linearScores, shares).map((s) => s.label),
    transformer: texts.map((_, i) => argmaxLabel(p, i * 3)),
    linear: linearScores.map((s) => s.label),
    lexicon: texts.map((t) => scoreSentiment(t).label),
    vader: texts.map((t) => plainVaderSentiment(t).label),
  };
}
