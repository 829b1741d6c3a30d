import type { AdminStats } from '@core/contracts/admin';
import type { PublicUser } from '@core/contracts/user';

export function adminUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: '1234567890abcdef-user',
    email: 'ada@example.com',
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    phoneNumber: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    subscriptionStatus: 'trialing',
    trialStartDate: null,
    trialEndDate: null,
    hasCompletedTrial: false,
    role: 'user',
    isActive: true,
    emailAlerts: true,
    smsAlerts: false,
    weeklyDigest: true,
    marketUpdates: true,
    newFeatures: false,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
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
