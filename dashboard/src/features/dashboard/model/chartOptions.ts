import type { HistoricalPoint } from '@core/contracts/stocks';
import type { ChartOption } from '../charts/chartOption';
import { formatTime, formatWeekday } from '../../../lib/format';
import { dashboardPlatforms, platformColors, platformLabels, platforms, type Platform } from '@core/platforms';
import type { DetailRange } from '@core/timeWindows';

const AXIS_TEXT = '#94a3b8';
const SPLIT_LINE = 'rgba(148, 163, 184, 0.25)';

/** Bucket label for the x axis: a clock time, with the weekday on the 7-day range; the UTC day ("Nov 20") on 30 days. */
export function bucketLabel(timestamp: string, range: DetailRange): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  // The 30-day history's buckets are whole UTC days: a local date could name the day before.
  if (range === '30days') return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const time = formatTime(date)!;
  if (range !== '7days') return time;
  return `${formatWeekday(date)} ${time}`;
}

/** The platforms with any mentions in the history; the dashboard's own platforms always. */
export function historyPlatforms(points: readonly HistoricalPoint[]): Platform[] {
  return platforms.filter((p) => dashboardPlatforms.includes(p) || points.some((pt) => pt.mentions[p] > 0));
}

/**
 * Detail view: mentions per platform as stacked bars, and the price as a line on the right axis (left out with
 * `price: false`: while the market is closed the range's price is flat, and the last session is drawn on its own).
 */
export function detailChartOption(
  points: readonly HistoricalPoint[],
  range: DetailRange,
  { price = true }: { price?: boolean } = {},
): ChartOption {
  const platforms = historyPlatforms(points);
  const hasPrice = price && points.some((p) => p.price !== null);
  const labels = points.map((p) => bucketLabel(p.timestamp, range));
  const bars: BarSeriesOptionLike[] = platforms.map((platform) => ({
    name: platformLabels[platform],
    type: 'bar',
    stack: 'mentions',
    yAxisIndex: 0,
    itemStyle: { color: platformColors[platform] },
    emphasis: { focus: 'series' },
    data: points.map((p) => p.mentions[platform]),
  }));
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: AXIS_TEXT } },
    grid: { left: 48, right: hasPrice ? 56 : 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: labels, axisLabel: { color: AXIS_TEXT, hideOverlap: true } },
    yAxis: [
      {
        type: 'value',
        name: 'Mentions',
        minInterval: 1,
        axisLabel: { color: AXIS_TEXT },
        nameTextStyle: { color: AXIS_TEXT },
        splitLine: { lineStyle: { color: SPLIT_LINE } },
      },
      {
        type: 'value',
        name: 'Price',
        scale: true,
        show: hasPrice,
        axisLabel: { color: AXIS_TEXT, formatter: '${value}' },
        nameTextStyle: { color: AXIS_TEXT },
        splitLine: { show: false },
      },
    ],
    series: [
      ...bars,
      ...(hasPrice
        ? [
            {
              name: 'Price',
              type: 'line' as const,
              yAxisIndex: 1,
              data: points.map((p) => p.price),
              connectNulls: true,
              symbol: 'none',
              smooth: true,
              lineStyle: { width: 2, color: '#2563eb' },
              itemStyle: { color: '#2563eb' },
            },
          ]
        : []),
    ],
  };
}

type BarSeriesOptionLike = {
  name: string;
  type: 'bar';
  stack: string;
  yAxisIndex: number;
  itemStyle: { color: string };
  emphasis: { focus: 'series' };
  data: number[];
};
