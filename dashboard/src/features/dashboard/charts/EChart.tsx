// The ES-module build: the CommonJS lib/core default-imports as { default } under Vite 8 (rolldown).
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { LineChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { CSSProperties } from 'react';
import type { ChartOption } from './chartOption';

// Modular ECharts: line, grid and canvas here; DetailEChart adds bars, tooltip and legend.
echarts.use([LineChart, GridComponent, CanvasRenderer]);

export interface EChartProps {
  option: ChartOption;
  style: CSSProperties;
  className?: string;
}

/** An ECharts canvas. Loaded lazily through LazyEChart so ECharts stays out of the main bundle. */
export default function EChart({ option, style, className }: EChartProps) {
  return <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate style={style} className={className} />;
}
