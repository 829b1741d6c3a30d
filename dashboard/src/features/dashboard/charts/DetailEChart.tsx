import { BarChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import EChart from './EChart';

// The detail chart also needs bars, a tooltip and a legend; loaded only when a detail view opens.
echarts.use([BarChart, TooltipComponent, LegendComponent]);

export default EChart;
