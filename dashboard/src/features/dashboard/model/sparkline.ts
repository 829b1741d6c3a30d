/** The sparkline is 300 by 60. */
export const SPARKLINE_WIDTH = 300;
export const SPARKLINE_HEIGHT = 60;
export const SYNTHETIC_POINTS = 20;

/**
 * The synthetic line used when a stock has no historical prices: SYNTHETIC_POINTS points
 * spaced evenly on a straight line from 100 to 100 × (1 + changePercent / 100).
 * A missing or unreadable changePercent gives a flat line at 100.
 */
export function syntheticSparkline(
  changePercent: string | number | null | undefined,
  points = SYNTHETIC_POINTS,
): number[] {
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
export function sparklineData(
  history: ReadonlyArray<{ price: number | null }> | null | undefined,
  changePercent: string | null,
): SparklineData {
  const prices = (history ?? []).map((p) => p.price).filter((p): p is number => p !== null && Number.isFinite(p));
  const kind = prices.length >= 2 ? 'historical' : 'synthetic';
  const values = kind === 'historical' ? prices : syntheticSparkline(changePercent);
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  return { kind, values, rising: last >= first };
}

/** Inset of the line from the box's edges, in viewBox units, so a stroke at the extremes is not clipped. */
const INSET = 4;

/**
 * The sparkline's points in a SPARKLINE_WIDTH × SPARKLINE_HEIGHT viewBox: evenly spaced from left to right, the lowest
 * value at the bottom and the highest at the top (a flat line sits in the middle).
 */
export function sparklinePoints(values: readonly number[]): Array<[number, number]> {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const step = values.length > 1 ? (SPARKLINE_WIDTH - 2 * INSET) / (values.length - 1) : 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return values.map((v, i) => [
    round(INSET + i * step),
    round(
      span === 0
        ? SPARKLINE_HEIGHT / 2
        : SPARKLINE_HEIGHT - INSET - ((v - min) / span) * (SPARKLINE_HEIGHT - 2 * INSET),
    ),
  ]);
}
