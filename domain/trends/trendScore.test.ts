import { describe, expect, it } from 'vitest';
import { scoreTicker, scoreTrends, TREND_MAX_STOCKS, type Baseline } from './trendScore';

/** Baseline sums of a ticker with the given hourly counts. */
const baselineOf = (hourly: number[]): Baseline => ({
  sum: hourly.reduce((a, b) => a + b, 0),
  sumSquares: hourly.reduce((a, b) => a + b * b, 0),
});
const week = (count: (hour: number) => number) => Array.from({ length: 168 }, (_, h) => count(h));
const activity = (
  ticker: string,
  mentions: number,
  extra: Partial<{ bullish: number; bearish: number; authors: number }> = {},
) => ({ ticker, mentions, bullish: 0, bearish: 0, authors: mentions, ...extra });

describe('trend score: velocity against the ticker’s own baseline', () => {
  it('ranks a small-cap spike far above a mega-cap’s steady chatter', () => {
    const gme = scoreTicker(activity('GME', 100), baselineOf(week(() => 100)), 168);
    const small = scoreTicker(activity('SMOL', 30), baselineOf(week((h) => h % 2)), 168);
    expect(gme.z).toBeCloseTo(0, 5);
    expect(gme.trendScore).toBe(0);
    expect(gme.trending).toBe(false);
    // λ = max(0.5, floor 2) = 2, spread √2: (30 − 2)/√2 ≈ 19.8.
    expect(small.z).toBeCloseTo(28 / Math.SQRT2, 5);
    expect(small.trendScore).toBe(198);
    expect(small.trending).toBe(true);
    expect(small.velocity).toBe(30);
  });

  it('still notices a mega-cap doubling, but below the small-cap spike', () => {
    const gme = scoreTicker(activity('GME', 200), baselineOf(week(() => 100)), 168);
    expect(gme.z).toBeCloseTo(10, 5); // (200 − 100)/√100
    expect(gme.trending).toBe(true);
    const { scores } = scoreTrends(
      [activity('GME', 200), activity('SMOL', 30)],
      new Map([
        ['GME', baselineOf(week(() => 100))],
        ['SMOL', baselineOf(week((h) => h % 2))],
      ]),
      168,
    );
    expect(scores.map((s) => s.ticker)).toEqual(['SMOL', 'GME']);
  });

  it('uses the variance of a bursty ticker, so its usual bursts do not trend', () => {
    const bursty = week((h) => (h % 12 === 0 ? 60 : 0)); // mean 5, large variance
    const calm = week(() => 5);
    expect(scoreTicker(activity('B', 40), baselineOf(bursty), 168).trending).toBe(false);
    expect(scoreTicker(activity('C', 40), baselineOf(calm), 168).trending).toBe(true);
  });

  it('floors the baseline: a brand-new ticker with a handful of mentions does not explode', () => {
    const fresh = scoreTicker(activity('NEW', 4), undefined, 168);
    expect(Number.isFinite(fresh.z)).toBe(true);
    expect(fresh.z).toBeCloseTo(2 / Math.SQRT2, 5);
    expect(fresh.trending).toBe(false); // below the minimum mentions as well
    // A young warehouse (no whole hour of history yet) scores against the floor only.
    expect(scoreTicker(activity('X', 10), baselineOf([50]), 0).z).toBeCloseTo(8 / Math.SQRT2, 5);
  });

  it('reads hours of history, not a full week, while the warehouse is young', () => {
    const sixHours = baselineOf([20, 20, 20, 20, 20, 20]);
    expect(scoreTicker(activity('Y', 20), sixHours, 6).z).toBeCloseTo(0, 5);
    expect(scoreTicker(activity('Y', 20), sixHours, 168).trending).toBe(true); // as if the other 162 hours were silent
  });

  it('dampens one author repeating a ticker: each author counts at most twice', () => {
    const spam = scoreTicker(activity('SPAM', 40, { authors: 1 }), undefined, 168);
    expect(spam.z).toBeCloseTo(0, 5); // min(40, 2·1) = 2 = the floor
    expect(spam.trending).toBe(false);
  });

  it('scores sentiment in [−1, 1] and labels it by majority', () => {
    const s = scoreTicker(activity('S', 20, { bullish: 12, bearish: 3 }), undefined, 168);
    expect(s.sentimentScore).toBeCloseTo(0.45, 5);
    expect(s.sentiment).toBe('bullish');
    expect(scoreTicker(activity('S', 20, { bullish: 2, bearish: 9 }), undefined, 168).sentiment).toBe('bearish');
    expect(scoreTicker(activity('S', 20, { bullish: 5, bearish: 4 }), undefined, 168).sentiment).toBe('neutral');
  });

  it('keeps at most the best TREND_MAX_STOCKS and skips tickers without recent mentions', () => {
    const recent = Array.from({ length: 80 }, (_, i) => activity(`T${i}`, 10 + i));
    const { scores, trending } = scoreTrends([...recent, activity('ZERO', 0)], new Map(), 168);
    expect(scores).toHaveLength(80);
    expect(trending).toHaveLength(TREND_MAX_STOCKS);
    expect(trending[0]!.ticker).toBe('T79');
  });
});
