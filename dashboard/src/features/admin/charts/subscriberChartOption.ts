import { PRO_MONTHLY_PRICE, type AdminStats } from '@core/contracts/admin';
import { formatCount, formatMoney } from '../../../lib/format';
import type { AdminChartOption } from './adminChartOption';

/** The admin subscription groups, in the order the chart shows them. */
export function subscriberGroups(stats: AdminStats) {
  const n = (status: string) => stats.usersByStatus[status] ?? 0;
  return [
    { label: 'Active', users: n('active'), revenue: n('active') * PRO_MONTHLY_PRICE },
    // Trial users pay nothing yet: no revenue bar (their potential is the Trial Pipeline card).
    { label: 'Trial', users: n('trial') + n('trialing'), revenue: 0 },
    { label: 'Cancelled', users: n('cancelled'), revenue: 0 },
    { label: 'Expired', users: n('expired'), revenue: 0 },
    { label: 'None', users: n('none') + n('inactive'), revenue: 0 },
  ];
}

/**
 * Users per subscription status (left axis) and the monthly revenue they pay (right axis: only active subscribers pay).
 * The legend sits under the chart so it never covers the axis names above the plot.
 */
export function subscriberChartOption(stats: AdminStats): AdminChartOption {
  const groups = subscriberGroups(stats);
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['Users', 'Monthly revenue ($)'], bottom: 0 },
    grid: { left: 56, right: 72, top: 40, bottom: 64 },
    xAxis: { type: 'category', data: groups.map((g) => g.label) },
    yAxis: [
      { type: 'value', name: 'Users', minInterval: 1, axisLabel: { formatter: (v: number) => formatCount(v) } },
      {
        type: 'value',
        name: '$ / month',
        axisLabel: { formatter: (v: number) => formatMoney(v).replace(/\.00$/, '') },
      },
    ],
    series: [
      { name: 'Users', type: 'bar', data: groups.map((g) => g.users), itemStyle: { color: '#2563eb' } },
      {
        name: 'Monthly revenue ($)',
        type: 'bar',
        yAxisIndex: 1,
        data: groups.map((g) => g.revenue),
        itemStyle: { color: '#10b981' },
      },
    ],
  };
}
