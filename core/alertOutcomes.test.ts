import { describe, expect, it } from 'vitest';
import { marketTradedBetween, priceAt, type Tick } from './alertOutcomes';
import { tradingMsBetween } from './market/marketHours';

const at = (iso: string) => new Date(iso).getTime();
const MINUTE = 60_000;
const tick = (iso: string, price: number): Tick => ({ at: at(iso), price, source: 'simulated' });

describe('the price at a moment after an alert', () => {
  // Friday 2026-11-20: the session runs 14:30–21:00 UTC (9:30–16:00 New York, EST).
  const ticks = [tick('2026-11-20T20:40:00Z', 99), tick('2026-11-20T20:59:00Z', 101)];

  it('is the last tick while the market traded at most 15 minutes since it', () => {
    expect(priceAt(ticks, at('2026-11-20T20:50:00Z'))?.price).toBe(99);
    expect(priceAt(ticks, at('2026-11-20T20:59:30Z'))?.price).toBe(101);
    expect(priceAt(ticks, at('2026-11-20T20:39:00Z'))).toBeNull();
  });

  it('is the close while the market is closed: at night, over the weekend, until 15 minutes into Monday', () => {
    expect(priceAt(ticks, at('2026-11-21T03:00:00Z'))?.price).toBe(101);
    expect(priceAt(ticks, at('2026-11-22T18:00:00Z'))?.price).toBe(101);
    expect(priceAt(ticks, at('2026-11-23T14:44:00Z'))?.price).toBe(101);
  });

  it('is unknown when the market traded longer than 15 minutes without a tick (no feed), or the tick is older than the look-back', () => {
    expect(priceAt([tick('2026-11-20T16:00:00Z', 50)], at('2026-11-20T16:20:00Z'))).toBeNull();
    expect(priceAt(ticks, at('2026-11-23T14:50:00Z'))).toBeNull();
    expect(priceAt([tick('2026-11-01T20:59:00Z', 5)], at('2026-11-08T03:00:00Z'))).toBeNull();
  });

  it('knows whether the market traded between a firing and a later moment', () => {
    expect(marketTradedBetween(at('2026-11-20T15:00:00Z'), at('2026-11-20T15:15:00Z'))).toBe(true);
    expect(marketTradedBetween(at('2026-11-20T20:55:00Z'), at('2026-11-20T21:10:00Z'))).toBe(true);
    expect(marketTradedBetween(at('2026-11-21T03:00:00Z'), at('2026-11-21T04:00:00Z'))).toBe(false);
    expect(marketTradedBetween(at('2026-11-23T14:00:00Z'), at('2026-11-23T14:30:00Z'))).toBe(false);
    expect(marketTradedBetween(at('2026-11-23T14:00:00Z'), at('2026-11-23T14:31:00Z'))).toBe(true);
  });
});

describe('trading time between two instants', () => {
  it('counts only regular-session minutes, across a weekend and a holiday', () => {
    expect(tradingMsBetween(new Date('2026-11-20T20:00:00Z'), new Date('2026-11-23T15:00:00Z'))).toBe(90 * MINUTE);
    // Thanksgiving (Thu 26 Nov 2026) is closed; the Friday after closes at 13:00 (18:00 UTC).
    expect(tradingMsBetween(new Date('2026-11-25T20:30:00Z'), new Date('2026-11-27T23:00:00Z'))).toBe(
      (30 + 210) * MINUTE,
    );
    expect(tradingMsBetween(new Date('2026-11-21T00:00:00Z'), new Date('2026-11-20T00:00:00Z'))).toBe(0);
    expect(tradingMsBetween(new Date('2026-01-01T00:00:00Z'), new Date('2026-03-01T00:00:00Z'))).toBe(Infinity);
  });
});
