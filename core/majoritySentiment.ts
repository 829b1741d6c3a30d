import type { Sentiment } from './contracts/stocks';

/**
 * The label most of a stock's mentions carry: bullish when bullish mentions outnumber bearish ones and are at least as many
 * as the neutral ones (bearish likewise), otherwise neutral. The stock cards and the trend badges use the same rule.
 */
export function majoritySentiment(total: number, bullish: number, bearish: number): Sentiment {
  const neutral = total - bullish - bearish;
  if (bullish > bearish && bullish >= neutral) return 'bullish';
  if (bearish > bullish && bearish >= neutral) return 'bearish';
  return 'neutral';
}
