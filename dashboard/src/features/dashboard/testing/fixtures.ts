import type { PlatformStatus } from '@core/contracts/platformStatus';
import type { HistoricalPoint, Stock, StockPost } from '@core/contracts/stocks';
import { makeStock } from '../../../testing/fixtures';

export { makeStock };

/** n stocks with distinct ids and tickers (S1, S2, …). */
export function makeStocks(n: number, overrides: (i: number) => Partial<Stock> = () => ({})): Stock[] {
  return Array.from({ length: n }, (_, i) =>
    makeStock({ id: i + 1, ticker: `S${i + 1}`, name: `Stock ${i + 1}`, totalMentions: 100 - i, ...overrides(i) }),
  );
}

export function makeStatus(
  connected: [boolean, boolean, boolean] = [true, true, true],
  simulated = false,
  prices: Partial<PlatformStatus['prices']> = {},
  mentionsSince: string | null = null,
): PlatformStatus {
  const state = (c: boolean) => ({ connected: c, sources: ['a', 'b'], simulated });
  return {
    prices: { source: 'simulated', simulated: true, marketOpen: true, session: '2025-01-10', ...prices },
    mentionsSince,
    reddit: state(connected[0]),
    twitter: state(connected[1]),
    youtube: state(connected[2]),
    totalConnected: connected.filter(Boolean).length,
    maxConnections: 3,
    usingRealAPIs: !simulated,
  };
}

export function makePoint(timestamp: string, price: number | null, reddit = 1): HistoricalPoint {
  return { timestamp, price, mentions: { reddit, twitter: 2, youtube: 3, tiktok: 0, instagram: 0 } };
}

export function makePost(overrides: Partial<StockPost> = {}): StockPost {
  return {
    platform: 'reddit',
    source: 'r/stocks',
    text: '$TSLA to the moon',
    url: 'https://www.reddit.com/r/stocks/comments/abc',
    timestamp: '2025-01-10T12:00:00.000Z',
    sentiment: 'bullish',
    compound: 0.6,
    simulated: false,
    analyser: 'transformer-85c4aea98697-w48-32-20',
    ...overrides,
  };
}
