import { useQuery } from '@tanstack/react-query';
import type { AdminSubscriptionFilter } from '@core/contracts/admin';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { adminStatsQuery } from '../api/adminApi';
import { LazyAdminChart } from '../charts/LazyAdminChart';
import { subscriberChartOption, subscriberGroups } from '../charts/subscriberChartOption';
import { formatCount, formatMoney } from '../../../lib/format';

const quickFilters: Array<{ filter: AdminSubscriptionFilter; label: string }> = [
  { filter: 'active', label: 'View Active Subscribers' },
  { filter: 'trial', label: 'View Trial Users' },
  { filter: 'cancelled', label: 'View Cancelled' },
  { filter: 'expired', label: 'View Expired' },
];

const comingSoon = [
  { title: 'Trial Extensions', text: 'Extend a user’s free trial by a number of days.' },
  { title: 'Subscription Recovery', text: 'Win back cancelled and expired subscribers.' },
];

/** Subscriptions: revenue analytics, a chart by status, quick filters into User Management, coming-soon cards. */
export function SubscriptionsPanel({ onShowUsers }: { onShowUsers: (filter: AdminSubscriptionFilter) => void }) {
  const { data: stats } = useQuery(adminStatsQuery());
  const figures = stats
    ? [
        {
          label: 'Monthly Recurring Revenue',
          value: formatMoney(stats.monthlyRevenue),
          caption: `${formatCount(stats.subscribedUsers)} active × $49`,
        },
        { label: 'Annual Run Rate', value: formatMoney(stats.totalRevenue), caption: 'MRR × 12' },
        {
          label: 'Trial Pipeline',
          value: formatMoney(stats.trialRevenuePotential),
          caption: `${formatCount(stats.trialUsers)} trial users × $49`,
        },
        {
          label: 'Potential Revenue',
          value: formatMoney(stats.potentialRevenue),
          caption: 'Trial pipeline at a 20% conversion',
        },
        {
          label: 'Churn Rate',
          value: `${stats.churnRate}%`,
          caption: `${formatCount(stats.cancelledUsers)} cancelled, ${formatCount(stats.expiredUsers)} expired`,
        },
      ]
    : [];

  return (
    <div className="space-y-6">
      <section aria-label="Subscription analytics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {figures.map((f) => (
          <Card key={f.label} className="p-4">
            <h3 className="text-sm font-medium text-slate-600 dark:text-slate-400">{f.label}</h3>
            <p className="mt-1 text-xl font-bold text-slate-900 dark:text-white">{f.value}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{f.caption}</p>
          </Card>
        ))}
      </section>

      {stats && (
        <Card className="p-4">
          <h3 className="mb-2 font-semibold text-slate-900 dark:text-white">
            Subscribers by status and monthly revenue
          </h3>
          <LazyAdminChart
            label={subscriberGroups(stats)
              .map(
                (g) =>
                  `${g.label}: ${formatCount(g.users)} users${g.revenue ? `, ${formatMoney(g.revenue)} per month` : ''}`,
              )
              .join('; ')}
            option={subscriberChartOption(stats)}
            height={280}
          />
        </Card>
      )}

      <Card className="p-4">
        <h3 className="mb-3 font-semibold text-slate-900 dark:text-white">Quick actions</h3>
        <div className="flex flex-wrap gap-2">
          {quickFilters.map((q) => (
            <Button key={q.filter} variant="outline" onClick={() => onShowUsers(q.filter)}>
              {q.label}
            </Button>
          ))}
        </div>
      </Card>

      <div className="grid gap-4 sm:grid-cols-2">
        {comingSoon.map((c) => (
          <Card key={c.title} className="p-4 opacity-70" aria-disabled="true">
            <div className="flex items-center justify-between">
              <h3 className="font-semibold text-slate-900 dark:text-white">{c.title}</h3>
              <Badge variant="outline">Coming Soon</Badge>
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{c.text}</p>
            <Button className="mt-3" variant="secondary" disabled>
              Coming Soon
            </Button>
          </Card>
        ))}
      </div>
    </div>
  );
}
