import type { LabelCoverage, RescoreStatus } from '@core/contracts/admin';
import type { AnalyserKind } from '@core/sentimentAnalysers';

/**
 * The recent re-score runs every two minutes, so a fast first label normally lasts a few minutes; one older than this
 * means the transformer is not keeping up (no worker, a stuck run, a backlog after downtime).
 */
export const FIRST_LABEL_LAG_WARNING_MS = 10 * 60_000;

export const ANALYSER_KIND_LABELS: Record<AnalyserKind, string> = {
  transformer: 'AI model (final)',
  learned: 'fast first label',
  lexicon: 'lexicon (before the learned model)',
  other: 'other',
};

/**
 * How old the oldest first label is: none waits; within the usual lag; older, while a history re-score that a worker
 * is running replaces first labels newest hour first (after a first start's backfill, or a model change); or older
 * with no such run, so the transformer is not keeping up.
 */
export type FirstLabelLag = 'none' | 'usual' | 'history run' | 'behind';

export interface LabelCoverageSummary {
  /** Share of the mentions whose current label is the transformer's, in percent rounded down to a tenth. */
  transformerPercent: number;
  firstLabels: number;
  /** How long ago the oldest mention still on its first label was posted, or null when there is none. */
  oldestFirstLabelAgeMs: number | null;
  lag: FirstLabelLag;
}

export function summariseLabelCoverage(
  coverage: LabelCoverage,
  now: number,
  rescore: RescoreStatus | undefined,
): LabelCoverageSummary {
  const byKind = (kind: AnalyserKind) => coverage.analysers.filter((a) => a.kind === kind);
  const transformer = byKind('transformer').reduce((sum, a) => sum + a.mentions, 0);
  const first = byKind('learned');
  const oldest = first.length === 0 ? null : Math.min(...first.map((a) => Date.parse(a.oldest)));
  const oldestFirstLabelAgeMs = oldest === null ? null : Math.max(0, now - oldest);
  // A run counts once a worker reports its progress: a run no worker picks up is the trouble the warning is for.
  const historyRun = rescore?.state === 'running' && rescore.progress !== null;
  return {
    // Rounded down, so a day with one mention still waiting never reads 100 %.
    transformerPercent: coverage.mentions === 0 ? 0 : Math.floor((1000 * transformer) / coverage.mentions) / 10,
    firstLabels: first.reduce((sum, a) => sum + a.mentions, 0),
    oldestFirstLabelAgeMs,
    lag:
      oldestFirstLabelAgeMs === null
        ? 'none'
        : oldestFirstLabelAgeMs <= FIRST_LABEL_LAG_WARNING_MS
          ? 'usual'
          : historyRun
            ? 'history run'
            : 'behind',
  };
}
