import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newYorkInstant, SESSION_OPEN_MINUTE, dayNumberOf, isTradingDay } from '../../core/market/marketHours';
import { countWithoutReference, loadReferencePrices, parseReferencePrices } from './referencePrices';
import { createSimulatedPriceProvider, REFERENCE_DAY } from './simulatedPrices';

// 200 listed stocks with a reference price of $20 or more (symbols without one are never quoted).
const listedWithPrice = fs
  .readFileSync(new URL('./referencePrices.csv', import.meta.url), 'utf8')
  .split('\n')
  .slice(1)
  .map((l) => l.split(','))
  .filter(([symbol, price]) => /^[A-Z]+$/.test(symbol!) && Number(price) >= 20)
  .map(([symbol]) => symbol!);
const tickers = [
  'AAPL',
  'GME',
  'TSLA',
  'BRK.B',
  'AMC',
  ...listedWithPrice
    .filter((t) => !['AAPL', 'GME', 'TSLA', 'AMC'].includes(t))
    .filter((_, i) => i % 10 === 0)
    .slice(0, 195),
];
const at = (iso: string) => new Date(iso);
const quotesAt = async (iso: string, seed = 42, list = tickers) =>
  createSimulatedPriceProvider({ seed, now: () => at(iso) }).quotes(list);
const priceMap = async (iso: string, seed = 42) => new Map((await quotesAt(iso, seed)).map((q) => [q.ticker, q]));

describe('reference prices (the August 2026 listings)', () => {
  it("covers the listed stocks and ETFs, in the product's spelling; a symbol without a dated price has none", () => {
    const reference = loadReferencePrices();
    expect(reference.size).toBeGreaterThan(12_000);
    expect(reference.of('MSFT')).toEqual({ price: 483.24, assetClass: 'large' });
    expect(reference.of('brk-b')).toEqual(reference.of('BRK.B'));
    expect(reference.of('BRK.B').price).toBeGreaterThan(400);
    // The listings carry no ETF price: no price, never an invented one; the class still sets the volatility.
    expect(reference.of('SPY')).toEqual({ price: null, assetClass: 'etf' });
    expect(reference.of('TQQQ')).toEqual({ price: null, assetClass: 'leveraged' });
    expect(reference.of('ZZZZQ')).toEqual({ price: null, assetClass: 'small' });
  });

  it('counts the listed symbols without a reference price', () => {
    const reference = parseReferencePrices('symbol,price,class\nA,10,large\nB,,etf\nC,0,small\n');
    expect(countWithoutReference(reference, ['A', 'B', 'C', 'D'])).toBe(3);
  });
});

describe('simulated prices never invent a price', () => {
  it('leaves out every symbol without a reference price, in quotes and in history', async () => {
    const provider = createSimulatedPriceProvider({ seed: 42, now: () => at('2026-11-20T17:00:00Z') });
    const etfs = ['SPY', 'QQQ', 'IWM', 'DIA', 'VOO', 'VTI', 'XLK', 'TQQQ', 'SQQQ', 'GLD', 'SLV', 'TLT', 'HYG', 'ZZZZQ'];
    expect(await provider.quotes([...etfs, 'MSFT'])).toEqual([expect.objectContaining({ ticker: 'MSFT' })]);
    for (const etf of etfs)
      expect(await provider.history(etf, at('2026-11-13T17:00:00Z'), at('2026-11-20T17:00:00Z'))).toEqual([]);
    const msft = await provider.history('MSFT', at('2026-11-13T17:00:00Z'), at('2026-11-20T17:00:00Z'));
    expect(msft.length).toBeGreaterThan(100);
    expect(msft.every((b, i) => i === 0 || b.at > msft[i - 1]!.at)).toBe(true);
  });
});

describe('simulated prices', () => {
  it("starts from the reference price: the listing's last sale is the close of the reference day", async () => {
    const referenceClose = newYorkInstant(REFERENCE_DAY, 16 * 60 + 30);
    const quotes = await createSimulatedPriceProvider({ seed: 42, now: () => referenceClose }).quotes([
      'MSFT',
      'AAPL',
      'KO',
      'AMC',
    ]);
    expect(quotes.map((q) => q.price)).toEqual([483.24, 309.35, 91.1, 2.55]);
    // Three months later prices have moved, but stay plausible: within a factor of two of the reference.
    const later = await quotesAt('2026-11-20T18:00:00Z', 42, ['MSFT', 'AAPL', 'KO', 'AMC']);
    for (const [i, ref] of [483.24, 309.35, 91.1, 2.55].entries()) {
      expect(later[i]!.price).toBeGreaterThan(ref / 2);
      expect(later[i]!.price).toBeLessThan(ref * 2);
    }
  });

  it('moves with the volatility of its asset class', async () => {
    const reference = parseReferencePrices(
      'symbol,price,class\n' +
        Array.from({ length: 60 }, (_, i) => `L${i},100,large\nP${i},5,small\nE${i},30,etf\nX${i},30,leveraged`).join(
          '\n',
        ),
    );
    let now = new Date();
    const provider = createSimulatedPriceProvider({ seed: 7, now: () => now, reference });
    const sd = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);
    const dailyReturns = async (prefix: string) => {
      const returns: number[] = [];
      for (let day = dayNumberOf(2026, 9, 1); day < dayNumberOf(2026, 11, 1); day++) {
        if (!isTradingDay(day)) continue;
        now = newYorkInstant(day, 17 * 60);
        for (const q of await provider.quotes(Array.from({ length: 60 }, (_, i) => `${prefix}${i}`)))
          returns.push(Math.log(1 + q.changePercent / 100));
      }
      return sd(returns) * Math.sqrt(252);
    };
    // Annualised: large ~25%, small ~60%, ETF ~18%, leveraged ~55% (within sampling noise).
    expect(await dailyReturns('L')).toBeCloseTo(0.25, 1);
    expect(await dailyReturns('P')).toBeCloseTo(0.6, 1);
    expect(await dailyReturns('E')).toBeCloseTo(0.18, 1);
    expect(await dailyReturns('X')).toBeCloseTo(0.55, 1);
  });

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

  it('quotesAt gives the prices quotes gives at those instants', async () => {
    const instants = [
      '2026-11-20T14:30:00Z',
      '2026-11-20T16:07:00Z',
      '2026-11-21T12:00:00Z',
      '2026-11-27T17:59:00Z',
    ].map(at);
    const provider = createSimulatedPriceProvider({ seed: 42 });
    const table = provider.quotesAt(tickers.slice(0, 20), instants);
    for (const [j, instant] of instants.entries()) {
      const live = await createSimulatedPriceProvider({ seed: 42, now: () => instant }).quotes(tickers.slice(0, 20));
      expect(table.map((row) => row[j])).toEqual(live);
    }
  });

  it('holds flat outside the regular session: overnight, over the weekend, on a holiday, before the open', async () => {
    const close = await quotesAt('2026-11-20T21:00:00Z');
    for (const when of [
      '2026-11-20T23:30:00Z',
      '2026-11-21T12:00:00Z',
      '2026-11-22T22:00:00Z',
      '2026-11-23T14:29:59Z',
    ]) {
      expect(await quotesAt(when)).toEqual(close);
    }
    // Thanksgiving holds Wednesday's close.
    expect(await quotesAt('2026-11-26T17:00:00Z')).toEqual(await quotesAt('2026-11-25T21:00:00Z'));
    // The session opens at the previous close, then moves minute by minute.
    expect((await quotesAt('2026-11-23T14:30:00Z')).map((q) => q.price)).toEqual(close.map((q) => q.price));
    const a = await priceMap('2026-11-23T15:00:00Z');
    const b = await priceMap('2026-11-23T15:01:00Z');
    expect(tickers.filter((t) => a.get(t)!.price !== b.get(t)!.price).length).toBeGreaterThan(190);
    expect(await quotesAt('2026-11-23T15:00:59Z')).toEqual([...a.values()]);
    // The early close ends the day at 13:00.
    expect(await quotesAt('2026-11-27T18:00:00Z')).toEqual(await quotesAt('2026-11-27T22:00:00Z'));
    expect(newYorkInstant(dayNumberOf(2026, 11, 27), SESSION_OPEN_MINUTE)).toEqual(at('2026-11-27T14:30:00Z'));
  });

  it('reports changePercent against the previous session close', async () => {
    const friday = await priceMap('2026-11-20T21:00:00Z');
    const monday = await priceMap('2026-11-23T17:45:00Z');
    for (const t of tickers) {
      const expected = ((monday.get(t)!.price - friday.get(t)!.price) / friday.get(t)!.price) * 100;
      expect(monday.get(t)!.changePercent).toBeCloseTo(expected, 1);
    }
    const moves = [...monday.values()].map((q) => Math.abs(q.changePercent)).sort((x, y) => x - y);
    expect(moves[Math.floor(moves.length / 2)]!).toBeLessThan(3);
    expect(moves.some((m) => m > 0)).toBe(true);
  });

  it('never goes negative over years of sessions, before and after the reference day', async () => {
    let now = new Date(0);
    const provider = createSimulatedPriceProvider({ seed: 9, now: () => now });
    let lowest = Infinity;
    let highest = 0;
    for (let day = 0; day < 1100; day += 5) {
      now = new Date(Date.UTC(2025, 0, 2) + day * 86_400_000 + 17 * 3_600_000 + ((day * 7) % 60) * 60_000);
      for (const q of await provider.quotes(tickers.slice(0, 60))) {
        lowest = Math.min(lowest, q.price);
        highest = Math.max(highest, q.price);
      }
    }
    expect(lowest).toBeGreaterThan(0);
    expect(highest).toBeLessThan(20_000);
  });
});
