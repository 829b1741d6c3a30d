import { describe, expect, it } from 'vitest';
import { makePoint } from '../testing/fixtures';
import { bucketLabel, detailChartOption, historyPlatforms } from './chartOptions';

describe('detailChartOption', () => {
  const points = [makePoint('2025-01-10T12:00:00.000Z', 10), makePoint('2025-01-10T12:05:00.000Z', null, 4)];

  it('stacks mentions per platform and adds the price line on the second axis', () => {
    const option = detailChartOption(points, '1hour');
    const series = option.series as Array<{
      name: string;
      type: string;
      stack?: string;
      yAxisIndex: number;
      data: unknown[];
    }>;
    expect(series.map((s) => s.name)).toEqual(['Reddit', 'Twitter', 'YouTube', 'Price']);
    expect(series[0]).toMatchObject({ type: 'bar', stack: 'mentions', data: [1, 4] });
    expect(series[3]).toMatchObject({ type: 'line', yAxisIndex: 1, data: [10, null] });
  });

  it('adds TikTok and Instagram only when they have mentions, and drops the price line without prices', () => {
    const withTiktok = [
      {
        ...makePoint('2025-01-10T12:00:00.000Z', null),
        mentions: { reddit: 0, twitter: 0, youtube: 0, tiktok: 3, instagram: 0 },
      },
    ];
    expect(historyPlatforms(withTiktok)).toEqual(['reddit', 'twitter', 'youtube', 'tiktok']);
    const series = detailChartOption(withTiktok, '7days').series as Array<{ name: string }>;
    expect(series.map((s) => s.name)).toEqual(['Reddit', 'Twitter', 'YouTube', 'TikTok']);
  });

  it("names the 30-day view's buckets by their UTC day, whatever the browser's zone", () => {
    expect(bucketLabel('2025-01-10T00:00:00.000Z', '30days')).toBe('Jan 10');
    expect(bucketLabel('2025-03-01T00:00:00.000Z', '30days')).toBe('Mar 1');
  });
});
