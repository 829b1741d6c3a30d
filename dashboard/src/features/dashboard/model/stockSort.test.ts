import { describe, expect, it } from 'vitest';
import { makeStock } from '../testing/fixtures';
import { dataSinceNote, defaultSort, gridView, mentionChangePercent, minimumSupport, sortStocks } from './stockSort';

describe('grid sorting', () => {
  it('needs more support over longer ranges', () => {
    expect([
      minimumSupport('1hour'),
      minimumSupport('4hours'),
      minimumSupport('24hours'),
      minimumSupport('7days'),
    ]).toEqual([10, 20, 49, 130]);
  });

  it('keeps a handful of mentions from outranking real activity, in every sort but mentions', () => {
    const noisy = makeStock({
      ticker: 'NOISE',
      totalMentions: 4,
      previousMentions: 0,
      trendScore: 99,
      sentimentScore: 1,
      changePercent: '20.00',
    });
    const real = makeStock({
      ticker: 'REAL',
      totalMentions: 200,
      previousMentions: 150,
      trendScore: 5,
      sentimentScore: 0.1,
      changePercent: '1.00',
    });
    for (const sort of ['trend', 'mentionChange', 'priceChange', 'sentiment'] as const) {
      expect(sortStocks([noisy, real], sort, '1hour').map((s) => s.ticker)).toEqual(['REAL', 'NOISE']);
    }
    // Over a week 200 mentions are still enough, 100 are not.
    expect(
      sortStocks([makeStock({ ticker: 'A', totalMentions: 100, trendScore: 50 }), real], 'trend', '7days').map(
        (s) => s.ticker,
      ),
    ).toEqual(['REAL', 'A']);
  });

  it('measures the change in mentions against the window before', () => {
    expect(mentionChangePercent({ totalMentions: 30, previousMentions: 10 })).toBe(200);
    expect(mentionChangePercent({ totalMentions: 5, previousMentions: 10 })).toBe(-50);
    expect(mentionChangePercent({ totalMentions: 12, previousMentions: 0 })).toBe(1200);
  });

  it('reads range and sort from the URL, with the defaults for anything else', () => {
    expect(gridView(new URLSearchParams(''))).toEqual({ range: '1hour', sort: 'trend' });
    expect(gridView(new URLSearchParams('range=24hours'))).toEqual({ range: '24hours', sort: 'mentions' });
    expect(gridView(new URLSearchParams('range=7days&sort=priceChange'))).toEqual({
      range: '7days',
      sort: 'priceChange',
    });
    expect(gridView(new URLSearchParams('range=1year&sort=hype'))).toEqual({ range: '1hour', sort: 'trend' });
    expect(defaultSort('4hours')).toBe('mentions');
  });

  it('says "data since" only when the range reaches back before the first mention held', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    const dayAgo = new Date(now - 24 * 3_600_000).toISOString();
    expect(dataSinceNote('7days', dayAgo, now)).toMatch(/^data since Nov 23/);
    expect(dataSinceNote('24hours', dayAgo, now)).toBeNull();
    expect(dataSinceNote('7days', null, now)).toBeNull();
    expect(dataSinceNote('7days', new Date(now - 7 * 86_400_000).toISOString(), now)).toBeNull();
  });
});
