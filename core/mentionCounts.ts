import type { Sentiment } from './contracts/stocks';
import { isPlatform, zeroPerPlatform, type Platform } from './platforms';
import { majoritySentiment } from './majoritySentiment';

/** Distinct mentions of one ticker on one platform in some window, with how many of them read bullish and bearish. */
export interface PlatformMentionCount {
  ticker: string;
  platform: string;
  mentions: number;
  bullish: number;
  bearish: number;
}

/** One ticker's mentions in a window: the total, per platform, and the label most of them carry. */
export interface MentionSummary {
  ticker: string;
  total: number;
  perPlatform: Record<Platform, number>;
  sentiment: Sentiment;
  /** (bullish − bearish) ÷ mentions, −1 to 1, two decimals: how one-sided the talk is, for sorting by sentiment. */
  netSentiment: number;
}

/** A ticker's summary with no mentions at all. */
export const noMentions = (ticker: string): MentionSummary => ({
  ticker,
  total: 0,
  perPlatform: zeroPerPlatform(),
  sentiment: 'neutral',
  netSentiment: 0,
});

/** Sums per-platform rows into one summary per ticker; sentiment is the label most of its mentions carry. */
export function summariseCounts(rows: ReadonlyArray<PlatformMentionCount>): MentionSummary[] {
  const byTicker = new Map<string, MentionSummary & { bullish: number; bearish: number }>();
  for (const row of rows) {
    let entry = byTicker.get(row.ticker);
    if (!entry) byTicker.set(row.ticker, (entry = { ...noMentions(row.ticker), bullish: 0, bearish: 0 }));
    entry.total += row.mentions;
    if (isPlatform(row.platform)) entry.perPlatform[row.platform] += row.mentions;
    entry.bullish += row.bullish;
    entry.bearish += row.bearish;
  }
  return [...byTicker.values()].map(({ ticker, total, perPlatform, bullish, bearish }) =>
    mentionSummary(ticker, total, perPlatform, bullish, bearish),
  );
}

/** One ticker's summary from its summed counts: the majority label and the net sentiment worked out. */
export function mentionSummary(
  ticker: string,
  total: number,
  perPlatform: Record<Platform, number>,
  bullish: number,
  bearish: number,
): MentionSummary {
  return {
    ticker,
    total,
    perPlatform,
    sentiment: majoritySentiment(total, bullish, bearish),
    netSentiment: total === 0 ? 0 : Math.round(((bullish - bearish) / total) * 100) / 100,
  };
}
