import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStats } from '../api/admin/adminStats';
import * as seededAdminMigration from '../migrations/014_seeded_admin_not_subscriber';
import { createTestDatabase, type TestDatabase } from '../tests/support/testStores';
import { seedAdminAccount } from './adminAccount';

describe('the seeded admin account', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t.drop());

  it('is not a subscriber: a fresh install has 0 subscribers and $0 revenue', async () => {
    const seeded = await seedAdminAccount(t.db, 'owner@example.com', 'a-long-password-1');
    expect(seeded.created).toBe(true);
    const row = await t.db('users').where({ email: 'owner@example.com' }).first('role', 'subscription_status');
    expect(row).toEqual({ role: 'admin', subscription_status: 'none' });
    const stats = await adminStats(t.db);
    expect(stats).toMatchObject({ totalUsers: 1, subscribedUsers: 0, trialUsers: 0, monthlyRevenue: 0, totalRevenue: 0, churnRate: 0 });
    expect(stats.usersByStatus.none).toBe(1);
  });

  it('migration 014 takes an earlier install\'s seeded admin off `active`, and only that account', async () => {
    const seedShape = { role: 'admin', username: 'admin', first_name: 'StockPulse', last_name: 'Admin', password_hash: 'x' };
    await t.db('users').where({ email: 'owner@example.com' }).delete();
    await t.db('users').insert([
      { ...seedShape, email: 'old-seed@example.com', subscription_status: 'active' },
      // Someone really subscribed this admin through Stripe: it stays a subscriber.
      { ...seedShape, email: 'paid-admin@example.com', username: 'admin2', subscription_status: 'active', stripe_subscription_id: 'sub_123' },
      { email: 'customer@example.com', password_hash: 'x', username: 'customer', subscription_status: 'active' },
    ]);
    await seededAdminMigration.up(t.db);
    const status = async (email: string) => (await t.db('users').where({ email }).first('subscription_status')).subscription_status;
    expect(await status('old-seed@example.com')).toBe('none');
    expect(await status('paid-admin@example.com')).toBe('active');
    expect(await status('customer@example.com')).toBe('active');
    expect((await adminStats(t.db)).monthlyRevenue).toBe(2 * 49);
  });
});
