import { describe, expect, it } from 'vitest';
import { noMentions, summariseCounts } from './mentionCounts';

describe('summariseCounts', () => {
  it('sums per-platform rows per ticker, with the majority label and the net sentiment', () => {
    const [aapl, tsla] = summariseCounts([
      { ticker: 'AAPL', platform: 'reddit', mentions: 3, bullish: 3, bearish: 0 },
      { ticker: 'AAPL', platform: 'youtube', mentions: 1, bullish: 0, bearish: 1 },
      { ticker: 'TSLA', platform: 'twitter', mentions: 4, bullish: 0, bearish: 3 },
    ]);
    expect(aapl).toEqual({
      ticker: 'AAPL',
      total: 4,
      perPlatform: { reddit: 3, twitter: 0, youtube: 1, tiktok: 0, instagram: 0 },
      sentiment: 'bullish',
      netSentiment: 0.5,
    });
    expect(tsla).toMatchObject({ total: 4, sentiment: 'bearish', netSentiment: -0.75 });
  });

  it('counts a row of a platform outside the list in the total only', () => {
    const [row] = summariseCounts([{ ticker: 'GME', platform: 'myspace', mentions: 2, bullish: 0, bearish: 0 }]);
    expect(row).toEqual({ ...noMentions('GME'), total: 2 });
  });
});
