import { dayNumberOf, isTradingDay, sessionPosition, type DayNumber } from '../../core/market/marketHours';
import { hashString, seededRandom } from '../../core/random/seededRandom';
import { backfillInstants } from './backfillInstants';
import { ANNUAL_VOLATILITY, loadReferencePrices, type ReferencePrices } from './referencePrices';
import type { PriceBar, PriceProvider, Quote } from './types';

export interface SimulatedPriceOptions {
  seed: number;
  /** The clock (tests pin it). */
  now?: () => Date;
  /** Starting prices (default: the committed table from the exchange listings). */
  reference?: ReferencePrices;
}

/** The provider's name, stored as the source of its price ticks. */
export const SIMULATED_SOURCE = 'simulated';
/** The listings' last sales are the closes of this day; the walk runs forwards (and, for earlier dates, backwards) from it. */
export const REFERENCE_DAY = dayNumberOf(2026, 8, 14);
/** Minutes of a full session: a day's variance is spread over them (an early close simply ends the bridge sooner). */
const FULL_SESSION_MINUTES = 390;
const TRADING_DAYS_PER_YEAR = 252;
/** A weak daily pull of the log price back to the reference, so years of walking stay plausible. */
const MEAN_REVERSION = 0.005;

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

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** One ticker's log prices through one session: index m is the price m minutes after the open (0 = previous close). */
interface SessionPath {
  day: DayNumber;
  previous: number;
  path: Float64Array;
}

/**
 * Simulated prices: geometric Brownian motion per ticker, a pure function of (seed, ticker, time).
 * - Each ticker starts from its reference price (the August 2026 listings) at
 *   the close of REFERENCE_DAY, and each trading day of the US calendar (holidays skipped) draws a log return with the
 *   daily volatility of its asset class (annual / √252) and a weak pull back to the reference.
 * - Within the regular session the log price is a Brownian bridge from the previous close to the day's close, one step
 *   a minute; an early close ends it at 13:00. Before the open, after the close, on weekends and holidays it holds at
 *   the last close.
 * - Prices are exp(log price), so never negative; changePercent is against the previous session's close.
 * - A symbol without a reference price (no dated source prices it) is never quoted: it shows no price rather than an
 *   invented one.
 */
export function createSimulatedPriceProvider(
  options: SimulatedPriceOptions,
): PriceProvider & { quotesAt(tickers: string[], instants: readonly Date[]): Quote[][] } {
  const { seed } = options;
  const clock = options.now ?? (() => new Date());
  const reference = options.reference ?? loadReferencePrices();
  const priced = (ticker: string) => reference.of(ticker).price !== null;
  // Per ticker, the last close computed (the clock only moves forward in production, so each refresh adds a day at most).
  const closes = new Map<string, { day: DayNumber; x: number; previous: number }>();

  const tickerSeed = (ticker: string) => mix(hashString(ticker), seed);
  const dayStream = (ticker: string, day: DayNumber) => normals(seededRandom(mix(tickerSeed(ticker), day)));
  const dailySigma = (ticker: string) =>
    ANNUAL_VOLATILITY[reference.of(ticker).assetClass] / Math.sqrt(TRADING_DAYS_PER_YEAR);

  /** Log close of `day` (a trading day) and of the trading day before it. */
  function logCloses(ticker: string, day: DayNumber): { close: number; previous: number } {
    const x0 = Math.log(reference.of(ticker).price!);
    const sigma = dailySigma(ticker);
    if (day <= REFERENCE_DAY) {
      // Backwards from the reference close: the close before a day is that day's close less its return.
      let x = x0;
      let d = REFERENCE_DAY;
      while (d > day) {
        if (isTradingDay(d)) x -= sigma * dayStream(ticker, d)();
        d--;
      }
      const before = isTradingDay(day) ? x - sigma * dayStream(ticker, day)() : x;
      return { close: x, previous: before };
    }
    let memo = closes.get(ticker);
    if (!memo || memo.day > day) memo = { day: REFERENCE_DAY, x: x0, previous: x0 };
    let { day: d, x, previous } = memo;
    while (d < day) {
      d++;
      if (!isTradingDay(d)) continue;
      previous = x;
      x = x + MEAN_REVERSION * (x0 - x) + sigma * dayStream(ticker, d)();
    }
    closes.set(ticker, { day: d, x, previous });
    return { close: x, previous };
  }

  /** The minute-by-minute bridge of one session: W(m) − (m/n)·W(n) + (m/n)·(close − previous), from the day's own stream. */
  function sessionPath(ticker: string, day: DayNumber, length: number): SessionPath {
    const { close, previous } = logCloses(ticker, day);
    const minuteSigma = dailySigma(ticker) / Math.sqrt(FULL_SESSION_MINUTES);
    const draw = dayStream(ticker, day);
    draw(); // the first draw is the day's return
    const walk = new Float64Array(length + 1);
    for (let m = 1; m <= length; m++) walk[m] = walk[m - 1]! + minuteSigma * draw();
    const path = new Float64Array(length + 1);
    for (let m = 0; m <= length; m++) {
      const t = m / length;
      path[m] = previous + walk[m]! - t * walk[length]! + t * (close - previous);
    }
    return { day, previous, path };
  }

  function toQuote(ticker: string, logPrice: number, previous: number): Quote {
    const price = Math.max(0.01, Math.exp(logPrice));
    const previousClose = Math.exp(previous);
    return {
      ticker,
      price: round4(price),
      changePercent: Math.round(((price - previousClose) / previousClose) * 10_000) / 100,
    };
  }

  function quote(ticker: string, at: Date): Quote {
    const session = sessionPosition(at);
    if (!session.open) {
      const { close, previous } = logCloses(ticker, session.day);
      return toQuote(ticker, close, previous);
    }
    const s = sessionPath(ticker, session.day, session.length);
    return toQuote(ticker, s.path[session.minute]!, s.previous);
  }

  /**
   * Quotes at past instants, ticker by ticker so each session's path is drawn once: result[i][j] is tickers[i] at
   * instants[j]. The same values `quotes` gives at those times; a symbol without a reference price gets an empty row.
   */
  function quotesAt(tickers: string[], instants: readonly Date[]): Quote[][] {
    const positions = instants.map((at) => sessionPosition(at));
    return tickers.map((ticker) => {
      if (!priced(ticker)) return [];
      let path: SessionPath | undefined;
      return positions.map((p) => {
        if (!p.open) {
          const { close, previous } = logCloses(ticker, p.day);
          return toQuote(ticker, close, previous);
        }
        if (path?.day !== p.day) path = sessionPath(ticker, p.day, p.length);
        return toQuote(ticker, path.path[p.minute]!, path.previous);
      });
    });
  }

  return {
    name: SIMULATED_SOURCE,
    simulated: true,
    async quotes(tickers) {
      const at = clock();
      return tickers.filter(priced).map((ticker) => quote(ticker, at));
    },
    /** The walk at the instants a backfill quotes (see backfillInstants), keeping only the moves. */
    async history(ticker, from, to) {
      if (!priced(ticker)) return [];
      const instants = backfillInstants(from, to);
      const bars: PriceBar[] = [];
      let last: number | undefined;
      quotesAt([ticker], instants)[0]!.forEach((q, j) => {
        if (q.price === last) return;
        last = q.price;
        bars.push({ ...q, at: instants[j]! });
      });
      return bars;
    },
    /** The walk never splits. */
    async splits() {
      return [];
    },
    quotesAt,
  };
}
