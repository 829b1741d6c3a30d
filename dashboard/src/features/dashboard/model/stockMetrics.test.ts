import { describe, expect, it } from 'vitest';
import { makeStock } from '../testing/fixtures';
import {
  ACTIVE_ALERTS_FIXED,
  platformTotals,
  sentimentBreakdown,
  summariseStocks,
  summaryCards,
  topMoversByMentions,
  visiblePlatforms,
} from './stockMetrics';

const stocks = [
  makeStock({ id: 1, ticker: 'AAA', totalMentions: 120, sentiment: 'bullish' }),
  makeStock({ id: 2, ticker: 'BBB', totalMentions: 30, sentiment: 'bearish' }),
  makeStock({ id: 3, ticker: 'CCC', totalMentions: 50, sentiment: 'bullish' }),
];

describe('summariseStocks', () => {
  it('sums totalMentions and rounds the bullish share', () => {
    expect(summariseStocks(stocks)).toEqual({ totalMentions: 200, bullishPercent: 67 });
  });

  it('rounds half up and gives 0% for an empty list', () => {
    const eight = Array.from({ length: 8 }, (_, i) => makeStock({ id: i, sentiment: i < 1 ? 'bullish' : 'neutral' }));
    expect(summariseStocks(eight).bullishPercent).toBe(13); // 12.5 → 13
    expect(summariseStocks([])).toEqual({ totalMentions: 0, bullishPercent: 0 });
  });
});

describe('summaryCards', () => {
  it('gives the four cards in order with the fixed Active Alerts value and captions', () => {
    // Trending Stocks is the size of the trending set (2), not the number of stocks listed (3).
    expect(summaryCards(stocks, 2)).toEqual([
      { title: 'Total Mentions', value: '200', caption: '+12.5% from last hour' },
      { title: 'Trending Stocks', value: '2', caption: '+8.2% from yesterday' },
      { title: 'Active Alerts', value: '15', caption: '3 triggered in last 24h' },
      { title: 'Bullish Sentiment', value: '67%', caption: '+5.2% from last week' },
    ]);
    expect(ACTIVE_ALERTS_FIXED).toBe(15);
  });

  it('formats large totals with thousands separators', () => {
    expect(summaryCards([makeStock({ totalMentions: 1234567 })], 1200)[0]?.value).toBe('1,234,567');
    expect(summaryCards([], 1200)[1]?.value).toBe('1,200');
    expect(summaryCards([], null)[1]?.value).toBe('—');
  });
});

describe('topMoversByMentions', () => {
  it('orders by mentions, keeps the top N and gives each one its share', () => {
    expect(topMoversByMentions(stocks, 2)).toEqual([
      { ticker: 'AAA', name: 'Tesla Inc', mentions: 120, sharePercent: 60 },
      { ticker: 'CCC', name: 'Tesla Inc', mentions: 50, sharePercent: 25 },
    ]);
  });

  it('leaves out stocks without mentions', () => {
    expect(topMoversByMentions([makeStock({ totalMentions: 0 })])).toEqual([]);
  });
});

describe('sentimentBreakdown', () => {
  it('counts each label with rounded percentages', () => {
    expect(sentimentBreakdown(stocks)).toEqual([
      { sentiment: 'bullish', count: 2, percent: 67 },
      { sentiment: 'neutral', count: 0, percent: 0 },
      { sentiment: 'bearish', count: 1, percent: 33 },
    ]);
    expect(sentimentBreakdown([]).every((s) => s.percent === 0)).toBe(true);
  });
});

describe('platform counts', () => {
  it('sums mentions per platform over the list', () => {
    const list = [makeStock(), makeStock({ id: 2, redditMentions: 5, tiktokMentions: 4 })];
    expect(platformTotals(list)).toEqual({ reddit: 55, twitter: 60, youtube: 40, tiktok: 4, instagram: 0 });
  });

  it('always shows the three dashboard platforms, and TikTok or Instagram only when non-zero', () => {
    expect(visiblePlatforms({ reddit: 0, twitter: 0, youtube: 0, tiktok: 0, instagram: 0 })).toEqual([
      'reddit',
      'twitter',
      'youtube',
    ]);
    expect(visiblePlatforms({ reddit: 1, twitter: 0, youtube: 0, tiktok: 0, instagram: 2 })).toEqual([
      'reddit',
      'twitter',
      'youtube',
      'instagram',
    ]);
  });
});
