import { describe, expect, it } from 'vitest';
import { sessionPosition, SESSION_MINUTES } from './marketHours';
import { createSimulatedPriceProvider, startPrice } from './simulatedPrices';

const tickers = ['AAPL', 'GME', 'TSLA', 'BRK.B', 'AMC', ...Array.from({ length: 195 }, (_, i) => `S${i}`)];
const at = (iso: string) => new Date(iso);
const quotesAt = async (iso: string, seed = 42, list = tickers) => createSimulatedPriceProvider({ seed, now: () => at(iso) }).quotes(list);
const priceMap = async (iso: string, seed = 42) => new Map((await quotesAt(iso, seed)).map((q) => [q.ticker, q]));

// 2026-11-20 is a Friday (EST, UTC−5): the session runs 14:30–21:00 UTC.
describe('market hours (America/New_York)', () => {
  it('places instants in the regular session, DST included', () => {
    expect(sessionPosition(at('2026-11-20T14:29:00Z'))).toMatchObject({ minute: SESSION_MINUTES, open: false }); // 9:29 EST: Thursday's close
    expect(sessionPosition(at('2026-11-20T14:30:00Z'))).toMatchObject({ minute: 0, open: true });
    expect(sessionPosition(at('2026-11-20T15:31:30Z'))).toMatchObject({ minute: 61, open: true });
    expect(sessionPosition(at('2026-11-20T21:00:00Z'))).toMatchObject({ minute: SESSION_MINUTES, open: false });
    // 2026-07-15 (EDT, UTC−4): 13:30 UTC is 9:30 in New York.
    expect(sessionPosition(at('2026-07-15T13:30:00Z'))).toMatchObject({ minute: 0, open: true });
    expect(sessionPosition(at('2026-07-15T13:29:00Z')).open).toBe(false);
    const friday = sessionPosition(at('2026-11-20T18:00:00Z')).day;
    expect(sessionPosition(at('2026-11-21T18:00:00Z'))).toEqual({ day: friday, minute: SESSION_MINUTES, open: false }); // Saturday
    expect(sessionPosition(at('2026-11-23T14:00:00Z'))).toEqual({ day: friday, minute: SESSION_MINUTES, open: false }); // Monday 9:00
  });
});

describe('simulated prices', () => {
  it('is deterministic for a seed and a time, whatever was asked before', async () => {
    const a = await quotesAt('2026-11-20T16:07:00Z');
    const provider = createSimulatedPriceProvider({ seed: 42, now: () => at('2026-11-24T19:00:00Z') });
    await provider.quotes(tickers); // walks the memo past the day asked next
    const later = createSimulatedPriceProvider({ seed: 42, now: () => at('2026-11-20T16:07:00Z') });
    expect(await later.quotes(tickers)).toEqual(a);
    expect(await quotesAt('2026-11-20T16:07:00Z')).toEqual(a);
    const otherSeed = await quotesAt('2026-11-20T16:07:00Z', 43);
    expect(otherSeed.filter((q, i) => q.price !== a[i]!.price).length).toBeGreaterThan(190);
    expect(provider.simulated).toBe(true);
    expect(provider.name).toBe('simulated');
  });

  it('starts each ticker at a seeded, realistic price between $5 and $900', () => {
    const starts = tickers.map((t) => startPrice(42, t));
    for (const p of starts) {
      expect(p).toBeGreaterThanOrEqual(5);
      expect(p).toBeLessThanOrEqual(900);
    }
    expect(starts.filter((p) => p < 30).length).toBeGreaterThan(20);
    expect(starts.filter((p) => p > 300).length).toBeGreaterThan(20);
    expect(startPrice(42, 'GME')).toBe(startPrice(42, 'GME'));
  });

  it('holds flat outside the regular session: overnight, over the weekend, before the open', async () => {
    const close = await quotesAt('2026-11-20T21:00:00Z');
    for (const when of ['2026-11-20T23:30:00Z', '2026-11-21T12:00:00Z', '2026-11-22T22:00:00Z', '2026-11-23T14:29:59Z']) {
      expect(await quotesAt(when)).toEqual(close);
    }
    // The session opens at the previous close, then moves minute by minute.
    expect((await quotesAt('2026-11-23T14:30:00Z')).map((q) => q.price)).toEqual(close.map((q) => q.price));
    const a = await priceMap('2026-11-23T15:00:00Z');
    const b = await priceMap('2026-11-23T15:01:00Z');
    expect(tickers.filter((t) => a.get(t)!.price !== b.get(t)!.price).length).toBeGreaterThan(190);
    // Within one minute the price holds.
    expect(await quotesAt('2026-11-23T15:00:59Z')).toEqual([...a.values()]);
  });

  it('reports changePercent against the previous session close', async () => {
    const friday = await priceMap('2026-11-20T21:00:00Z');
    const monday = await priceMap('2026-11-23T17:45:00Z');
    for (const t of tickers) {
      const expected = ((monday.get(t)!.price - friday.get(t)!.price) / friday.get(t)!.price) * 100;
      expect(monday.get(t)!.changePercent).toBeCloseTo(expected, 1);
    }
    // Moves are realistic: a typical day is within a few percent.
    const moves = [...monday.values()].map((q) => Math.abs(q.changePercent)).sort((x, y) => x - y);
    expect(moves[Math.floor(moves.length / 2)]!).toBeLessThan(3);
    expect(moves.some((m) => m > 0)).toBe(true);
  });

  it('never goes negative over two years of sessions, minute by minute on sampled days', async () => {
    let now = new Date(0);
    const provider = createSimulatedPriceProvider({ seed: 9, now: () => now });
    let lowest = Infinity;
    let highest = 0;
    for (let day = 0; day < 730; day += 3) {
      for (const hour of [15, 20]) {
        now = new Date(Date.UTC(2024, 0, 2) + day * 86_400_000 + hour * 3_600_000 + ((day * 7) % 60) * 60_000);
        for (const q of await provider.quotes(tickers.slice(0, 80))) {
          lowest = Math.min(lowest, q.price);
          highest = Math.max(highest, q.price);
        }
      }
    }
    expect(lowest).toBeGreaterThan(0);
    // The weak pull to the start price keeps two years of walking plausible.
    expect(lowest).toBeGreaterThan(0.5);
    expect(highest).toBeLessThan(20_000);
  });
});
