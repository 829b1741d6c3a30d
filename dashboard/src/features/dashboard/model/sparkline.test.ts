import { describe, expect, it } from 'vitest';
import { makePoint } from '../testing/fixtures';
import {
  sparklineData,
  sparklinePoints,
  SPARKLINE_HEIGHT,
  SPARKLINE_WIDTH,
  SYNTHETIC_POINTS,
  syntheticSparkline,
} from './sparkline';

describe('syntheticSparkline', () => {
  it('draws 20 evenly spaced points from 100 to 100 × (1 + changePercent / 100)', () => {
    const line = syntheticSparkline('1.25');
    expect(line).toHaveLength(SYNTHETIC_POINTS);
    expect(SYNTHETIC_POINTS).toBe(20);
    expect(line[0]).toBe(100);
    expect(line[19]).toBe(101.25);
    const steps = line.slice(1).map((v, i) => v - (line[i] ?? 0));
    for (const step of steps) expect(step).toBeCloseTo(1.25 / 19, 3);
  });

  it('falls for a negative change', () => {
    const line = syntheticSparkline(-4);
    expect(line[0]).toBe(100);
    expect(line[19]).toBe(96);
  });

  it('is flat at 100 without a readable changePercent', () => {
    expect(new Set(syntheticSparkline(null))).toEqual(new Set([100]));
    expect(new Set(syntheticSparkline('n/a'))).toEqual(new Set([100]));
  });
});

describe('sparklineData', () => {
  it('uses the non-null historical prices when there are at least two', () => {
    const history = [makePoint('t1', 10), makePoint('t2', null), makePoint('t3', 9), makePoint('t4', 12)];
    expect(sparklineData(history, '-5')).toEqual({ kind: 'historical', values: [10, 9, 12], rising: true });
  });

  it('falls back to the synthetic line with fewer than two prices', () => {
    const data = sparklineData([makePoint('t1', 10), makePoint('t2', null)], '-2.00');
    expect(data.kind).toBe('synthetic');
    expect(data.values).toEqual(syntheticSparkline('-2.00'));
    expect(data.rising).toBe(false);
    expect(sparklineData(undefined, null)).toMatchObject({ kind: 'synthetic', rising: true });
  });
});

describe('sparklinePoints', () => {
  it('spreads the values across the 300×60 box, highest at the top', () => {
    const points = sparklinePoints([10, 9, 12]);
    expect(points).toHaveLength(3);
    expect(points[0]![0]).toBeLessThan(points[1]![0]);
    expect(points[2]![0]).toBeLessThanOrEqual(SPARKLINE_WIDTH);
    const ys = points.map(([, y]) => y);
    expect(Math.min(...ys)).toBe(ys[2]);
    expect(Math.max(...ys)).toBe(ys[1]);
    expect(Math.max(...ys)).toBeLessThanOrEqual(SPARKLINE_HEIGHT);
  });

  it('draws a flat line through the middle', () => {
    expect(new Set(sparklinePoints([5, 5, 5]).map(([, y]) => y))).toEqual(new Set([SPARKLINE_HEIGHT / 2]));
  });
});
