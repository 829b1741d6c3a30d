// The ES-module build of echarts-for-react (see the dashboard feature's EChart for why).
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { CSSProperties } from 'react';
import type { AdminChartOption } from './adminChartOption';

// Modular ECharts: bars with axes, tooltip and legend are all the admin charts draw.
echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface AdminEChartProps {
  option: AdminChartOption;
  style: CSSProperties;
}

/** An ECharts canvas; loaded lazily through LazyAdminChart so ECharts stays out of the main bundle. */
export default function AdminEChart({ option, style }: AdminEChartProps) {
  return <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate style={style} />;
}
