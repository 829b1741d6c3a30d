import type { HistoricalPoint } from '@core/contracts/stocks';

/** Spec §2 section 9 / §9: the sparkline is 300 by 60. */
export const SPARKLINE_WIDTH = 300;
export const SPARKLINE_HEIGHT = 60;
export const SYNTHETIC_POINTS = 20;

/**
 * The synthetic line used when a stock has no historical prices: SYNTHETIC_POINTS points
 * spaced evenly on a straight line from 100 to 100 × (1 + changePercent / 100).
 * A missing or unreadable changePercent gives a flat line at 100.
 */
export function syntheticSparkline(changePercent: string | number | null | undefined, points = SYNTHETIC_POINTS): number[] {
  const n = changePercent === null || changePercent === undefined || changePercent === '' ? 0 : Number(changePercent);
  const change = Number.isFinite(n) ? n : 0;
  const start = 100;
  const end = 100 * (1 + change / 100);
  if (points <= 1) return [end];
  return Array.from({ length: points }, (_, i) => round4(start + ((end - start) * i) / (points - 1)));
}

function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

export interface SparklineData {
  /** "historical" when drawn from at least two real prices, otherwise "synthetic". */
  kind: 'historical' | 'synthetic';
  values: number[];
  /** Whether the line ends at or above where it starts. */
  rising: boolean;
}

/** The line to draw: the non-null historical prices in order, or the synthetic line when fewer than two exist. */
export function sparklineData(history: readonly HistoricalPoint[] | null | undefined, changePercent: string | null): SparklineData {
  const prices = (history ?? []).map((p) => p.price).filter((p): p is number => p !== null && Number.isFinite(p));
  const kind = prices.length >= 2 ? 'historical' : 'synthetic';
  const values = kind === 'historical' ? prices : syntheticSparkline(changePercent);
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  return { kind, values, rising: last >= first };
}
