import { scoreLabels, type Scores } from '../../domain/signal/labelScores';
import { labelWithCommittedModels, type CommittedAnalysers, type LabelsByAnalyser } from './committedLabels';
import { normalisedText, type LabelledSet } from './signalData';

export interface UnseenSetFigures {
  name: string;
  /** Posts scored: the set's posts less those found among the training posts. */
  posts: number;
  /** Posts left out because the models trained on the same text. */
  inTraining: number;
  /** Macro-F1 and accuracy of each analyser; absent when no post is left. */
  scores?: Record<keyof LabelsByAnalyser, Scores>;
}

/**
 * The committed models on labelled sets they did not train on, set by set. A post whose normalised text is one of
 * `trainingTexts` is left out and counted, so a copy of a training post never inflates the figure; with
 * `trainingTexts` null nothing is left out.
 */
export async function scoreUnseenSets(
  sets: readonly LabelledSet[],
  trainingTexts: ReadonlySet<string> | null,
  analysers: CommittedAnalysers,
): Promise<UnseenSetFigures[]> {
  const figures: UnseenSetFigures[] = [];
  for (const set of sets) {
    const unseen = trainingTexts ? set.posts.filter((p) => !trainingTexts.has(normalisedText(p.text))) : set.posts;
    const row: UnseenSetFigures = {
      name: set.name,
      posts: unseen.length,
      inTraining: set.posts.length - unseen.length,
    };
    if (unseen.length > 0) {
      const gold = unseen.map((p) => p.label);
      const labels = await labelWithCommittedModels(
        unseen.map((p) => p.text),
        analysers,
      );
      row.scores = {
        combination: scoreLabels(gold, labels.combination),
        transformer: scoreLabels(gold, labels.transformer),
        linear: scoreLabels(gold, labels.linear),
        lexicon: scoreLabels(gold, labels.lexicon),
        vader: scoreLabels(gold, labels.vader),
      };
    }
    figures.push(row);
  }
  return figures;
}

/** The normalised texts of every training post, to recognise their copies in other sets. */
export const trainingTextsOf = (sets: readonly LabelledSet[]): Set<string> =>
  new Set(sets.flatMap((s) => s.posts.map((p) => normalisedText(p.text))));
