import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../api/accounts/passwordHasher';
import { createTestDatabase, type TestDatabase } from '../tests/support/testStores';
import { seedAdminAccount } from './adminAccount';

describe('the admin seed creates the first admin once and never promotes anyone', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => t.drop());

  const roleOf = async (email: string) => (await t.db('users').where({ email }).first('role'))?.role as string | undefined;
  const adminCount = async () => Number((await t.db('users').where({ role: 'admin' }).count<{ count: number }[]>('* as count'))[0]!.count);

  it('creates the admin on the first start with a generated password, and nothing on the next', async () => {
    const first = await seedAdminAccount(t.db, undefined, undefined);
    expect(first).toMatchObject({ email: 'admin@stockpulse.local', created: true });
    const row = await t.db('users').where({ email: 'admin@stockpulse.local' }).first();
    expect(await verifyPassword(first.generatedPassword!, row.password_hash)).toBe(true);
    expect(await seedAdminAccount(t.db, undefined, 'another-password')).toEqual({ email: 'admin@stockpulse.local', created: false });
    expect(await adminCount()).toBe(1);
  });

  it('after the admin changes e-mail, whoever signs up with the old address stays a user at the next start', async () => {
    await seedAdminAccount(t.db, 'boss@example.com', 'first-password');
    await t.db('users').where({ email: 'boss@example.com' }).update({ email: 'boss@new.example.com' });
    await t.db('users').insert({ email: 'boss@example.com', password_hash: 'x', role: 'user' });
    expect(await seedAdminAccount(t.db, 'boss@example.com', 'first-password')).toEqual({ email: 'boss@example.com', created: false });
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
    const results = await Promise.all([seedAdminAccount(t.db, undefined, 'pw-one-123'), seedAdminAccount(t.db, undefined, 'pw-two-123')]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await adminCount()).toBe(1);
  });
});
