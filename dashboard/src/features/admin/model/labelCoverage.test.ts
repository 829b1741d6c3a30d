import { describe, expect, it } from 'vitest';
import type { LabelCoverage } from '@core/contracts/admin';
import { summariseLabelCoverage } from './labelCoverage';

const now = Date.parse('2026-11-30T12:00:00.000Z');
const row = (analyser: string, kind: LabelCoverage['analysers'][number]['kind'], mentions: number, oldest: string) => ({
  analyser,
  kind,
  mentions,
  oldest,
  newest: oldest,
});

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
      ),
    ).toEqual({ transformerPercent: 99.9, firstLabels: 1, oldestFirstLabelAgeMs: 180_000, behind: false });
  });

  it('says the re-score is behind when a first label is older than ten minutes', () => {
    const summary = summariseLabelCoverage(
      {
        since: '2026-11-29T12:00:00.000Z',
        mentions: 10,
        analysers: [row('learned-0123456789ab', 'learned', 10, '2026-11-30T11:49:00.000Z')],
      },
      now,
    );
    expect(summary).toEqual({ transformerPercent: 0, firstLabels: 10, oldestFirstLabelAgeMs: 660_000, behind: true });
  });

  it('has nothing to say of a day without mentions', () => {
    expect(summariseLabelCoverage({ since: '2026-11-29T12:00:00.000Z', mentions: 0, analysers: [] }, now)).toEqual({
      transformerPercent: 0,
      firstLabels: 0,
      oldestFirstLabelAgeMs: null,
      behind: false,
    });
  });
});
