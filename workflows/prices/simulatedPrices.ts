import { hashString, seededRandom } from '../../core/random/seededRandom';
import { dayNumberOf, isTradingDay, previousTradingDay, sessionPosition, SESSION_MINUTES, type DayNumber } from './marketHours';
import type { PriceProvider, Quote } from './types';

export interface SimulatedPriceOptions {
  seed: number;
  /** The clock (tests pin it). */
  now?: () => Date;
}

/** The walk starts on this day from each ticker's seeded start price. */
const EPOCH_DAY = dayNumberOf(2024, 1, 1);
const MIN_START = 5;
const MAX_START = 900;
/** Daily volatility of the log price (2%), and a weak pull back to the start price so prices stay plausible for years. */
const DAILY_SIGMA = 0.02;
const MEAN_REVERSION = 0.005;
const MINUTE_SIGMA = DAILY_SIGMA / Math.sqrt(SESSION_MINUTES);

/** A 32-bit integer mix (murmur3 finaliser): independent seeds for each ticker and day. */
function mix(a: number, b: number): number {
  let h = (a ^ Math.imul(b, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Standard normal draws from a uniform stream (Box-Muller). */
function normals(random: () => number): () => number {
  return () => {
    const u = Math.max(random(), Number.EPSILON);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
}

/** The seeded start price of a ticker: log-uniform between $5 and $900. */
export function startPrice(seed: number, ticker: string): number {
  const u = seededRandom(mix(hashString(ticker), seed ^ 0x5eed))();
  return MIN_START * (MAX_START / MIN_START) ** u;
}

/**
 * Simulated prices: a seeded random walk per ticker, a pure function of (seed, ticker, time).
 * - Each trading day draws a log return (σ 2%, weak mean reversion to the start price); the closes chain from 2024-01-01.
 * - Within the regular session the price follows a Brownian bridge from the previous close to the day's close, one step a
 *   minute; before the open, after the close and on weekends it holds at the last close.
 * - Prices are exp(log price), so never negative; changePercent is against the previous session's close.
 */
export function createSimulatedPriceProvider(options: SimulatedPriceOptions): PriceProvider {
  const { seed } = options;
  const clock = options.now ?? (() => new Date());
  // Per ticker, the last close computed (the walk only moves forward in production, so each refresh adds a day at most).
  const closes = new Map<string, { day: DayNumber; x: number; previous: number }>();

  const tickerSeed = (ticker: string) => mix(hashString(ticker), seed);
  const dayStream = (ticker: string, day: DayNumber) => normals(seededRandom(mix(tickerSeed(ticker), day)));

  /** Log close of `day` (a trading day) and of the trading day before it. */
  function logCloses(ticker: string, day: DayNumber): { close: number; previous: number } {
    const x0 = Math.log(startPrice(seed, ticker));
    let memo = closes.get(ticker);
    if (!memo || memo.day > day) memo = { day: previousTradingDay(EPOCH_DAY), x: x0, previous: x0 };
    let { day: d, x, previous } = memo;
    while (d < day) {
      d++;
      if (!isTradingDay(d)) continue;
      previous = x;
      x = x + MEAN_REVERSION * (x0 - x) + DAILY_SIGMA * dayStream(ticker, d)();
    }
    closes.set(ticker, { day: d, x, previous });
    return { close: x, previous };
  }

  function quote(ticker: string, at: Date): Quote {
    const session = sessionPosition(at);
    const { close, previous } = logCloses(ticker, session.day);
    let logPrice = close;
    if (session.minute < SESSION_MINUTES) {
      // The same stream as the day's return, then one step per minute: W(m) − (m/390)·W(390) + (m/390)·(close − previous).
      const draw = dayStream(ticker, session.day);
      draw();
      let walk = 0;
      let atMinute = 0;
      for (let m = 1; m <= SESSION_MINUTES; m++) {
        walk += MINUTE_SIGMA * draw();
        if (m === session.minute) atMinute = walk;
      }
      const t = session.minute / SESSION_MINUTES;
      logPrice = previous + atMinute - t * walk + t * (close - previous);
    }
    const price = Math.max(0.01, Math.exp(logPrice));
    const previousClose = Math.exp(previous);
    return { ticker, price: Math.round(price * 10_000) / 10_000, changePercent: Math.round(((price - previousClose) / previousClose) * 10_000) / 100 };
  }

  return {
    name: 'simulated',
    simulated: true,
    async quotes(tickers) {
      const at = clock();
      return tickers.map((ticker) => quote(ticker, at));
    },
  };
}
