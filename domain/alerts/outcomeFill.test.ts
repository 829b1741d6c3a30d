import { describe, expect, it } from 'vitest';
import type { Tick } from '../../core/alertOutcomes';
import { outcomeFill } from './outcomeFill';

const MIN = 60_000;
// Tuesday 24 November 2026, 10:00 in New York: the market is open.
const fired = new Date('2026-11-24T15:00:00Z');
const at = (minutes: number) => fired.getTime() + minutes * MIN;
const series: Tick[] = [
  { at: at(-1), price: 100, source: 'massive' },
  { at: at(10), price: 101, source: 'massive' },
  { at: at(25), price: 102, source: 'massive' },
  { at: at(55), price: 103, source: 'massive' },
];
const open = { id: 7, ticker: 'AMC', firedAt: fired };

describe('the outcome of one firing', () => {
  it('prices only the moments that have passed, and stays open', () => {
    expect(outcomeFill(open, series, at(20))).toEqual({
      id: 7,
      priceAtFire: 100,
      price15m: 101,
      price30m: null,
      price60m: null,
      simulated: false,
      settled: false,
    });
  });

  it('settles once the last moment is past by the grace period, with every moment priced', () => {
    expect(outcomeFill(open, series, at(65))).toMatchObject({ price60m: 103, settled: false });
    expect(outcomeFill(open, series, at(71))).toEqual({
      id: 7,
      priceAtFire: 100,
      price15m: 101,
      price30m: 102,
      price60m: 103,
      simulated: false,
      settled: true,
    });
  });

  it('leaves a moment empty when the feed was silent for more than 15 minutes of trading before it', () => {
    const gappy: Tick[] = [{ at: at(-1), price: 100, source: 'massive' }];
    expect(outcomeFill(open, gappy, at(71))).toMatchObject({
      priceAtFire: 100,
      price15m: null, // 16 minutes of trading after the only tick
      price30m: null,
      price60m: null,
      settled: true,
    });
  });

  it('measures no later moment for a firing while the market is closed, and marks simulated prices', () => {
    const saturday = { id: 8, ticker: 'AMC', firedAt: new Date('2026-11-28T15:00:00Z') };
    const fridayClose: Tick[] = [{ at: Date.parse('2026-11-27T18:00:00Z'), price: 50, source: 'simulated' }];
    expect(outcomeFill(saturday, fridayClose, Date.parse('2026-11-28T17:00:00Z'))).toEqual({
      id: 8,
      priceAtFire: 50,
      price15m: null,
      price30m: null,
      price60m: null,
      simulated: true,
      settled: true,
    });
  });

  it('writes nothing while nothing is found and nothing is to close', () => {
    expect(outcomeFill(open, [], at(30))).toBeNull();
    expect(outcomeFill(open, [], at(71))).toMatchObject({ priceAtFire: null, simulated: null, settled: true });
  });
});
