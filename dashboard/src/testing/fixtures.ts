import type { Stock } from '@core/contracts/stocks';
import type { PublicUser } from '@core/contracts/user';
import type { PublicConfig } from '../app/config/publicConfig';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'user-1',
    email: 'jane@example.com',
    username: 'janedoe',
    firstName: 'Jane',
    lastName: 'Doe',
    profileImageUrl: null,
    phoneNumber: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    subscriptionStatus: 'inactive',
    trialStartDate: null,
    trialEndDate: null,
    hasCompletedTrial: false,
    role: 'user',
    isActive: true,
    emailVerified: true,
    phoneVerified: false,
    pendingEmail: null,
    emailAlerts: true,
    smsAlerts: false,
    weeklyDigest: true,
    marketUpdates: true,
    newFeatures: false,
    lastLoginAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const paymentsOffConfig: PublicConfig = {
  paymentsEnabled: false,
  stripePublishableKey: null,
  supportEmail: 'support@stockpulse.test',
  trialDays: { marketing: 7, signup: 14 },
  temporalUiUrl: null,
};

/** A stock as GET /api/stocks lists it. */
export function makeStock(overrides: Partial<Stock> = {}): Stock {
  return {
    id: 1,
    ticker: 'TSLA',
    name: 'Tesla Inc',
    price: '250.00',
    changePercent: '1.25',
    totalMentions: 100,
    redditMentions: 50,
    twitterMentions: 30,
    youtubeMentions: 20,
    tiktokMentions: 0,
    instagramMentions: 0,
    sentiment: 'bullish',
    lastUpdated: '2025-01-10T12:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    trendScore: 10,
    previousMentions: 80,
    sentimentScore: 0.4,
    ...overrides,
  };
}
