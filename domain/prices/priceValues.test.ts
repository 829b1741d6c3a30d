import { describe, expect, it } from 'vitest';
import { clampChangePercent, clampPrice, historyTradingDays, MAX_PRICE, movedQuotes } from './priceValues';

describe('price values as stored', () => {
  it('rounds prices to cents and keeps them within decimal(10,2), never below zero', () => {
    expect(clampPrice(12.345)).toBe(12.35);
    expect(clampPrice(12.344)).toBe(12.34);
    expect(clampPrice(-3)).toBe(0);
    expect(clampPrice(1e12)).toBe(MAX_PRICE);
  });

  it('rounds changes to hundredths of a percent and keeps them within decimal(5,2) both ways', () => {
    expect(clampChangePercent(1.005)).toBe(1);
    expect(clampChangePercent(-2.456)).toBe(-2.46);
    expect(clampChangePercent(5000)).toBe(999.99);
    expect(clampChangePercent(-5000)).toBe(-999.99);
  });

  it('a quote moved when its stored value differs from the stored price, or the stock had none', () => {
    const previous = new Map<string, number | null>([
      ['AAPL', 190.12],
      ['TSLA', 250],
      ['NEW', null],
    ]);
    const quotes = [
      { ticker: 'AAPL', price: 190.121, changePercent: 0 }, // rounds to the stored price: not moved
      { ticker: 'TSLA', price: 251, changePercent: 0.4 },
      { ticker: 'NEW', price: 10, changePercent: 0 },
      { ticker: 'GONE', price: 5, changePercent: 0 }, // not in the snapshot
    ];
    expect(movedQuotes(previous, quotes).map((q) => q.ticker)).toEqual(['TSLA', 'NEW', 'GONE']);
  });
});

describe('the trading days whose splits a refresh checks', () => {
  it('are the New York trading days of the last 7 days, today included, without weekends', () => {
    expect(historyTradingDays(new Date('2026-11-25T15:00:00Z'))).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('leave out market holidays (Thanksgiving) and take the New York date, not the UTC one', () => {
    expect(historyTradingDays(new Date('2026-11-27T15:00:00Z'))).toEqual([
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-27',
    ]);
    // 03:00 UTC on the 24th is still the 23rd in New York.
    expect(historyTradingDays(new Date('2026-11-24T03:00:00Z')).at(-1)).toBe('2026-11-23');
  });
});
