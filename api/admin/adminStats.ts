import type { Knex } from 'knex';
import { PRO_MONTHLY_PRICE, type AdminStats } from '../../core/contracts/admin';
import { subscriptionStatuses } from '../../core/contracts/user';

/** Spec §3 admin stats, counted in Postgres; revenue by the spec §9 formulas. */
export async function adminStats(db: Knex): Promise<AdminStats> {
  const [totals] = await db('users').select(
    db.raw('count(*)::int AS total'),
    db.raw('count(*) FILTER (WHERE is_active)::int AS active'),
  );
  const byStatusRows = await db('users').select('subscription_status').count<{ subscription_status: string; count: string }[]>('* as count').groupBy('subscription_status');
  const [stocks] = await db('stocks').count<{ count: string }[]>('* as count');

  const usersByStatus: Record<string, number> = Object.fromEntries(subscriptionStatuses.map((s) => [s, 0]));
  for (const row of byStatusRows) usersByStatus[row.subscription_status] = Number(row.count);
  const count = (status: string) => usersByStatus[status] ?? 0;

  const subscribed = count('active');
  const trial = count('trial') + count('trialing');
  const cancelled = count('cancelled');
  const expired = count('expired');
  const churnBase = subscribed + cancelled + expired;
  return {
    totalUsers: totals.total,
    activeUsers: totals.active,
    subscribedUsers: subscribed,
    trialUsers: trial,
    expiredUsers: expired,
    cancelledUsers: cancelled,
    churnRate: churnBase === 0 ? 0 : Math.round(((cancelled + expired) / churnBase) * 1000) / 10,
    monthlyRevenue: subscribed * PRO_MONTHLY_PRICE,
    totalRevenue: subscribed * PRO_MONTHLY_PRICE * 12,
    trialRevenuePotential: trial * PRO_MONTHLY_PRICE,
    potentialRevenue: Math.round(trial * PRO_MONTHLY_PRICE * 0.2 * 100) / 100,
    totalStocks: Number(stocks?.count ?? 0),
    usersByStatus,
  };
}
