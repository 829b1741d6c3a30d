import type { AdminStats } from '@core/contracts/admin';
import type { PublicUser } from '@core/contracts/user';
import { makeUser } from '../../../testing/fixtures';

/** A user row as the admin list shows it (the shared fixture with an admin-list flavour). */
export function adminUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return makeUser({
    id: '1234567890abcdef-user',
    email: 'ada@example.com',
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    subscriptionStatus: 'trialing',
    ...overrides,
  });
}

export const stats: AdminStats = {
  totalUsers: 120,
  activeUsers: 110,
  subscribedUsers: 40,
  trialUsers: 30,
  expiredUsers: 5,
  cancelledUsers: 5,
  churnRate: 20,
  monthlyRevenue: 1960,
  totalRevenue: 23520,
  trialRevenuePotential: 1470,
  potentialRevenue: 294,
  totalStocks: 953,
  usersByStatus: { active: 40, trialing: 20, trial: 10, cancelled: 5, expired: 5, none: 10, inactive: 30 },
};
