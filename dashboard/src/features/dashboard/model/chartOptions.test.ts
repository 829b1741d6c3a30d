import { describe, expect, it } from 'vitest';
import { makePoint } from '../testing/fixtures';
import { detailChartOption, historyPlatforms, sparklineOption } from './chartOptions';
import { sparklineData } from './sparkline';

describe('sparklineOption', () => {
  it('draws one bare line, solid for history and dashed for the synthetic estimate', () => {
    const real = sparklineOption(sparklineData([makePoint('a', 1), makePoint('b', 2)], null));
    const fake = sparklineOption(sparklineData([], '-1'));
    const realSeries = (real.series as Array<{ type: string; data: number[]; lineStyle: { type: string } }>)[0];
    const fakeSeries = (fake.series as Array<{ lineStyle: { type: string; color: string } }>)[0];
    expect(realSeries).toMatchObject({ type: 'line', data: [1, 2], lineStyle: { type: 'solid' } });
    expect(fakeSeries?.lineStyle).toMatchObject({ type: 'dashed', color: '#ef4444' });
  });
});

describe('detailChartOption', () => {
  const points = [makePoint('2025-01-10T12:00:00.000Z', 10), makePoint('2025-01-10T12:05:00.000Z', null, 4)];

  it('stacks mentions per platform and adds the price line on the second axis', () => {
    const option = detailChartOption(points, '1hour');
    const series = option.series as Array<{ name: string; type: string; stack?: string; yAxisIndex: number; data: unknown[] }>;
    expect(series.map((s) => s.name)).toEqual(['Reddit', 'Twitter', 'YouTube', 'Price']);
    expect(series[0]).toMatchObject({ type: 'bar', stack: 'mentions', data: [1, 4] });
    expect(series[3]).toMatchObject({ type: 'line', yAxisIndex: 1, data: [10, null] });
  });

  it('adds TikTok and Instagram only when they have mentions, and drops the price line without prices', () => {
    const withTiktok = [{ ...makePoint('2025-01-10T12:00:00.000Z', null), mentions: { reddit: 0, twitter: 0, youtube: 0, tiktok: 3, instagram: 0 } }];
    expect(historyPlatforms(withTiktok)).toEqual(['reddit', 'twitter', 'youtube', 'tiktok']);
    const series = detailChartOption(withTiktok, '7days').series as Array<{ name: string }>;
    expect(series.map((s) => s.name)).toEqual(['Reddit', 'Twitter', 'YouTube', 'TikTok']);
  });
});
