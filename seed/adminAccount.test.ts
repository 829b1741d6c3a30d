import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminStats } from '../api/admin/adminStats';
import { verifyPassword } from '../platform/passwordHasher';
import * as seededAdminMigration from '../migrations/014_seeded_admin_not_subscriber';
import { createTestDatabase, type TestDatabase } from '../tests/support/testStores';
import { seedAdminAccount } from './adminAccount';

describe('the admin seed creates the first admin once and never promotes anyone', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => t.drop());

  const roleOf = async (email: string) =>
    (await t.db('users').where({ email }).first('role'))?.role as string | undefined;
  const adminCount = async () =>
    Number((await t.db('users').where({ role: 'admin' }).count<{ count: number }[]>('* as count'))[0]!.count);

  it('creates the admin on the first start with a generated password, and nothing on the next', async () => {
    const first = await seedAdminAccount(t.db, undefined, undefined);
    expect(first).toMatchObject({ email: 'admin@stockpulse.local', created: true });
    const row = await t.db('users').where({ email: 'admin@stockpulse.local' }).first();
    expect(await verifyPassword(first.generatedPassword!, row.password_hash)).toBe(true);
    expect(await seedAdminAccount(t.db, undefined, 'another-password')).toEqual({
      email: 'admin@stockpulse.local',
      created: false,
    });
    expect(await adminCount()).toBe(1);
  });

  it('after the admin changes e-mail, whoever signs up with the old address stays a user at the next start', async () => {
    await seedAdminAccount(t.db, 'boss@example.com', 'first-password');
    await t.db('users').where({ email: 'boss@example.com' }).update({ email: 'boss@new.example.com' });
    await t.db('users').insert({ email: 'boss@example.com', password_hash: 'x', role: 'user' });
    expect(await seedAdminAccount(t.db, 'boss@example.com', 'first-password')).toEqual({
      email: 'boss@example.com',
      created: false,
    });
    expect(await roleOf('boss@example.com')).toBe('user');
    expect(await roleOf('boss@new.example.com')).toBe('admin');
  });

  it('with no admin yet, an existing account at ADMIN_EMAIL is not promoted, and the reason is given', async () => {
    await t.db('users').insert({ email: 'taken@example.com', password_hash: 'x', role: 'user' });
    const result = await seedAdminAccount(t.db, 'Taken@Example.com', 'some-password');
    expect(result.created).toBe(false);
    expect(result.skipped).toMatch(/belongs to an existing account, which is not made admin/);
    expect(await roleOf('taken@example.com')).toBe('user');
    expect(await adminCount()).toBe(0);
  });

  it('two processes seeding at once create one admin', async () => {
    const results = await Promise.all([
      seedAdminAccount(t.db, undefined, 'pw-one-123'),
      seedAdminAccount(t.db, undefined, 'pw-two-123'),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await adminCount()).toBe(1);
  });
});

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
    expect(stats).toMatchObject({
      totalUsers: 1,
      subscribedUsers: 0,
      trialUsers: 0,
      monthlyRevenue: 0,
      totalRevenue: 0,
      churnRate: 0,
    });
    expect(stats.usersByStatus.none).toBe(1);
  });

  it("migration 014 takes an earlier install's seeded admin off `active`, and only that account", async () => {
    const seedShape = {
      role: 'admin',
      username: 'admin',
      first_name: 'StockPulse',
      last_name: 'Admin',
      password_hash: 'x',
    };
    await t.db('users').where({ email: 'owner@example.com' }).delete();
    await t.db('users').insert([
      { ...seedShape, email: 'old-seed@example.com', subscription_status: 'active' },
      // Someone really subscribed this admin through Stripe: it stays a subscriber.
      {
        ...seedShape,
        email: 'paid-admin@example.com',
        username: 'admin2',
        subscription_status: 'active',
        stripe_subscription_id: 'sub_123',
      },
      { email: 'customer@example.com', password_hash: 'x', username: 'customer', subscription_status: 'active' },
    ]);
    await seededAdminMigration.up(t.db);
    const status = async (email: string) =>
      (await t.db('users').where({ email }).first('subscription_status')).subscription_status;
    expect(await status('old-seed@example.com')).toBe('none');
    expect(await status('paid-admin@example.com')).toBe('active');
    expect(await status('customer@example.com')).toBe('active');
    expect((await adminStats(t.db)).monthlyRevenue).toBe(2 * 49);
  });
});
