import {
  isTradingDay,
  newYorkInstant,
  newYorkTime,
  SESSION_OPEN_MINUTE,
  sessionLength,
} from '../../core/market/marketHours';
import { hashString } from '../../core/random/seededRandom';

/**
 * The prices behind the local market-data stand-ins: a smooth, deterministic line per ticker (a base from the ticker's
 * hash, ±2% over a few hours), so a test can say what any 5-minute bar must be. Bars exist every 5 minutes of the
 * regular session, plus one pre-market bar at 08:00 New York each trading day (real aggregates include extended hours).
 */
export class ReplayMarket {
  private readonly bases = new Map<string, number>();
  private readonly splits = new Map<string, Array<{ atMs: number; factor: number }>>();

  setBase(ticker: string, price: number): void {
    this.bases.set(ticker, price);
  }

  base(ticker: string): number {
    return this.bases.get(ticker) ?? 20 + (hashString(ticker) % 18_000) / 100;
  }

  /** A split from `atMs` on: each share becomes `splitTo / splitFrom` shares, so earlier prices were that much higher. */
  split(ticker: string, atMs: number, splitFrom: number, splitTo: number): void {
    this.splits.set(ticker, [...(this.splits.get(ticker) ?? []), { atMs, factor: splitTo / splitFrom }]);
  }

  /** The close of the bar starting at `t` (epoch ms), as traded (not split-adjusted). */
  close(ticker: string, t: number): number {
    const factor = (this.splits.get(ticker) ?? []).reduce((f, s) => (t < s.atMs ? f * s.factor : f), 1);
    return Math.round(this.base(ticker) * factor * (1 + 0.02 * Math.sin(t / 10_800_000)) * 100) / 100;
  }

  /** The bars starting in [from, to], oldest first. */
  bars(ticker: string, from: number, to: number): Array<{ t: number; close: number }> {
    const out: Array<{ t: number; close: number }> = [];
    for (let day = newYorkTime(new Date(from)).day; day <= newYorkTime(new Date(to)).day; day++) {
      if (!isTradingDay(day)) continue;
      const open = newYorkInstant(day, SESSION_OPEN_MINUTE).getTime();
      const starts = [newYorkInstant(day, 8 * 60).getTime()];
      for (let m = 0; m < sessionLength(day); m += 5) starts.push(open + m * 60_000);
      for (const t of starts) if (t >= from && t <= to) out.push({ t, close: this.close(ticker, t) });
    }
    return out;
  }
}
