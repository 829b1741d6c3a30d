import { PRO_MONTHLY_PRICE, type AdminStats } from '../../core/contracts/admin';
import { subscriptionStatuses } from '../../core/contracts/user';
import type { Database } from '../../platform/database';
import { countStocks } from '../../warehouse/postgres/stocks';
import { userTotals, usersPerStatus } from '../../warehouse/postgres/users';

/** The admin's business figures, counted in Postgres; revenue as subscribers × the Pro price. */
export async function adminStats(db: Database): Promise<AdminStats> {
  const [totals, byStatusRows, stocks] = await Promise.all([userTotals(db), usersPerStatus(db), countStocks(db)]);

  const usersByStatus: Record<string, number> = Object.fromEntries(subscriptionStatuses.map((s) => [s, 0]));
  for (const row of byStatusRows) usersByStatus[row.subscription_status] = row.count;
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
    totalStocks: stocks,
    usersByStatus,
  };
}
