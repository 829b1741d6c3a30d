import { mentionsPerPlatform, type Sentiment, type Stock } from '@core/contracts/stocks';
import { dashboardPlatforms, platforms, zeroPerPlatform, type Platform } from '@core/platforms';
import { formatCount } from '../../../lib/format';

/** The four summary cards. Active Alerts and every caption are fixed text. */
export const ACTIVE_ALERTS_FIXED = 15;

export interface SummaryCard {
  title: string;
  value: string;
  caption: string;
}

export interface StockSummary {
  /** Sum of each stock's totalMentions. */
  totalMentions: number;
  /** Share of stocks whose sentiment is bullish, rounded to a whole percent (0 for no stocks). */
  bullishPercent: number;
}

export function summariseStocks(stocks: readonly Stock[]): StockSummary {
  const totalMentions = stocks.reduce((sum, s) => sum + s.totalMentions, 0);
  const bullish = stocks.filter((s) => s.sentiment === 'bullish').length;
  return {
    totalMentions,
    bullishPercent: stocks.length === 0 ? 0 : Math.round((bullish / stocks.length) * 100),
  };
}

/**
 * The summary cards in order. The three cards other than Active Alerts carry fixed captions, in this order
 * (mentions: last hour, stocks: yesterday, bullish: last week). They are fixed text, not computed.
 *
 * Trending Stocks is the number of stocks trending now: those whose detected trend is above the threshold (the
 * trending set of GET /api/trending-now), not every stock with a mention. Null while it loads: "—".
 */
export function summaryCards(stocks: readonly Stock[], trendingNow: number | null): SummaryCard[] {
  const summary = summariseStocks(stocks);
  return [
    { title: 'Total Mentions', value: formatCount(summary.totalMentions), caption: '+12.5% from last hour' },
    {
      title: 'Trending Stocks',
      value: trendingNow === null ? '—' : formatCount(trendingNow),
      caption: '+8.2% from yesterday',
    },
    { title: 'Active Alerts', value: String(ACTIVE_ALERTS_FIXED), caption: '3 triggered in last 24h' },
    { title: 'Bullish Sentiment', value: `${summary.bullishPercent}%`, caption: '+5.2% from last week' },
  ];
}

export interface TopMover {
  ticker: string;
  name: string;
  mentions: number;
  /** Share of all mentions in the list, rounded to a whole percent. */
  sharePercent: number;
}

/** The stocks with the most mentions in the window, most first (ties: ticker order). */
export function topMoversByMentions(stocks: readonly Stock[], limit = 5): TopMover[] {
  const total = stocks.reduce((sum, s) => sum + s.totalMentions, 0);
  return [...stocks]
    .filter((s) => s.totalMentions > 0)
    .sort((a, b) => b.totalMentions - a.totalMentions || a.ticker.localeCompare(b.ticker))
    .slice(0, limit)
    .map((s) => ({
      ticker: s.ticker,
      name: s.name,
      mentions: s.totalMentions,
      sharePercent: total === 0 ? 0 : Math.round((s.totalMentions / total) * 100),
    }));
}

export interface SentimentShare {
  sentiment: Sentiment;
  count: number;
  percent: number;
}

export const SENTIMENTS: readonly Sentiment[] = ['bullish', 'neutral', 'bearish'];

/** How many items carry each sentiment label, with rounded percentages (0 when there are none). */
export function sentimentBreakdown(items: ReadonlyArray<{ sentiment: Sentiment }>): SentimentShare[] {
  return SENTIMENTS.map((sentiment) => {
    const count = items.filter((i) => i.sentiment === sentiment).length;
    return { sentiment, count, percent: items.length === 0 ? 0 : Math.round((count / items.length) * 100) };
  });
}

/** A stock's mentions per platform, keyed by platform. */
export const stockPlatformMentions = (stock: Stock): Record<Platform, number> => mentionsPerPlatform(stock);

/** The platforms to show for one set of counts: the dashboard's own ones always, the others when non-zero. */
export function visiblePlatforms(counts: Record<Platform, number>): Platform[] {
  return platforms.filter((p) => dashboardPlatforms.includes(p) || counts[p] > 0);
}

/** Mentions per platform summed over the list. */
export function platformTotals(stocks: readonly Stock[]): Record<Platform, number> {
  const totals = zeroPerPlatform();
  for (const stock of stocks) {
    const counts = stockPlatformMentions(stock);
    for (const platform of platforms) totals[platform] += counts[platform];
  }
  return totals;
}
