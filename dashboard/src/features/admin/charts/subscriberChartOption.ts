import { PRO_MONTHLY_PRICE, type AdminStats } from '@core/contracts/admin';
import type { AdminChartOption } from './adminChartOption';

/** The admin subscription groups, in the order the chart shows them. */
export function subscriberGroups(stats: AdminStats) {
  const n = (status: string) => stats.usersByStatus[status] ?? 0;
  return [
    { label: 'Active', users: n('active'), revenue: n('active') * PRO_MONTHLY_PRICE },
    { label: 'Trial', users: n('trial') + n('trialing'), revenue: (n('trial') + n('trialing')) * PRO_MONTHLY_PRICE },
    { label: 'Cancelled', users: n('cancelled'), revenue: 0 },
    { label: 'Expired', users: n('expired'), revenue: 0 },
    { label: 'None', users: n('none') + n('inactive'), revenue: 0 },
  ];
}

/** Users per subscription status (left axis) and monthly revenue per status (right axis: MRR for active, potential for trial). */
export function subscriberChartOption(stats: AdminStats): AdminChartOption {
  const groups = subscriberGroups(stats);
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['Users', 'Monthly revenue ($)'] },
    grid: { left: 48, right: 64, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: groups.map((g) => g.label) },
    yAxis: [
      { type: 'value', name: 'Users', minInterval: 1 },
      { type: 'value', name: '$ / month' },
    ],
    series: [
      { name: 'Users', type: 'bar', data: groups.map((g) => g.users), itemStyle: { color: '#2563eb' } },
      { name: 'Monthly revenue ($)', type: 'bar', yAxisIndex: 1, data: groups.map((g) => g.revenue), itemStyle: { color: '#10b981' } },
    ],
  };
}
