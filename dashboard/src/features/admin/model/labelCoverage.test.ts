import { describe, expect, it } from 'vitest';
import type { LabelCoverage, RescoreStatus } from '@core/contracts/admin';
import { summariseLabelCoverage } from './labelCoverage';

const now = Date.parse('2026-11-30T12:00:00.000Z');
const row = (analyser: string, kind: LabelCoverage['analysers'][number]['kind'], mentions: number, oldest: string) => ({
  analyser,
  kind,
  mentions,
  oldest,
  newest: oldest,
});

const historyRun = (progress: RescoreStatus['progress']): RescoreStatus => ({
  state: 'running',
  workflowId: 'rescore-mentions',
  startedAt: '2026-11-30T11:50:00.000Z',
  closedAt: null,
  progress,
});
const late: LabelCoverage = {
  since: '2026-11-29T12:00:00.000Z',
  mentions: 10,
  analysers: [row('learned-0123456789ab', 'learned', 10, '2026-11-30T11:49:00.000Z')],
};

describe('summariseLabelCoverage', () => {
  it("gives the transformer's share, rounded down, and the age of the oldest first label", () => {
    expect(
      summariseLabelCoverage(
        {
          since: '2026-11-29T12:00:00.000Z',
          mentions: 2_000,
          analysers: [
            row('transformer-85c4aea98697-w48-32-20', 'transformer', 1_999, '2026-11-29T12:00:05.000Z'),
            row('learned-0123456789ab', 'learned', 1, '2026-11-30T11:57:00.000Z'),
          ],
        },
        now,
        undefined,
      ),
    ).toEqual({ transformerPercent: 99.9, firstLabels: 1, oldestFirstLabelAgeMs: 180_000, lag: 'usual' });
  });

  it('says the re-score is behind when a first label is older than ten minutes', () => {
    expect(summariseLabelCoverage(late, now, undefined)).toEqual({
      transformerPercent: 0,
      firstLabels: 10,
      oldestFirstLabelAgeMs: 660_000,
      lag: 'behind',
    });
    // A run that no worker has reported on yet explains nothing.
    expect(summariseLabelCoverage(late, now, historyRun(null)).lag).toBe('behind');
    expect(summariseLabelCoverage(late, now, { ...historyRun(null), state: 'completed' }).lag).toBe('behind');
  });

  it('puts late first labels down to a history re-score that a worker is running', () => {
    const progress = { analyser: 'transformer-85c4aea98697-w48-32-20', hoursDone: 1, hoursTotal: 169, relabelled: 291 };
    expect(summariseLabelCoverage(late, now, historyRun(progress)).lag).toBe('history run');
  });

  it('has nothing to say of a day without mentions', () => {
    expect(
      summariseLabelCoverage({ since: '2026-11-29T12:00:00.000Z', mentions: 0, analysers: [] }, now, undefined),
    ).toEqual({
      transformerPercent: 0,
      firstLabels: 0,
      oldestFirstLabelAgeMs: null,
      lag: 'none',
    });
  });
});
