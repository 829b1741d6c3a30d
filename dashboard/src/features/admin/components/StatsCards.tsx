import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../ui/Card';
import { adminStatsQuery } from '../api/adminApi';
import { formatMoney, formatCount } from '../../../lib/format';

/** The admin stats header: Total Users, Active Users, Subscribers, Monthly Revenue, Tracked Stocks. */
export function StatsCards() {
  const { data: stats, isError } = useQuery(adminStatsQuery());
  const cards = [
    {
      label: 'Total Users',
      value: stats && formatCount(stats.totalUsers),
      caption: stats && `${formatCount(stats.trialUsers)} on trial`,
    },
    { label: 'Active Users', value: stats && formatCount(stats.activeUsers), caption: 'Accounts not deactivated' },
    {
      label: 'Subscribers',
      value: stats && formatCount(stats.subscribedUsers),
      caption: stats && `Churn ${stats.churnRate}%`,
    },
    {
      label: 'Monthly Revenue',
      value: stats && formatMoney(stats.monthlyRevenue),
      caption: stats && `${formatMoney(stats.totalRevenue)} per year`,
    },
    { label: 'Tracked Stocks', value: stats && formatCount(stats.totalStocks), caption: 'In the stock snapshot' },
  ];
  return (
    <section aria-label="Platform statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {cards.map((card) => (
        <Card key={card.label} className="p-4">
          <h3 className="text-sm font-medium text-slate-600 dark:text-slate-400">{card.label}</h3>
          <p className="mt-1 text-2xl font-bold text-slate-900 dark:text-white" data-testid={`stat-${card.label}`}>
            {card.value ?? (isError ? '–' : '…')}
          </p>
          {card.caption && <p className="text-xs text-slate-500 dark:text-slate-400">{card.caption}</p>}
        </Card>
      ))}
    </section>
  );
}
