import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminUsersResponseSchema, adminStatsSchema } from '../../core/contracts/admin';
import type { SubscriptionStatus } from '../../core/contracts/user';
import { loginCookie, signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

/** 300 seeded users with a known mix: status by index, every 10th an admin, names that search can find. */
const SEEDED = 300;
const statuses: SubscriptionStatus[] = ['active', 'trialing', 'trial', 'cancelled', 'expired', 'none', 'inactive'];
function seededUser(i: number) {
  return {
    email: `seed${String(i).padStart(3, '0')}@Example.com`,
    password_hash: 'x',
    username: `trader_${i}`,
    first_name: i % 2 === 0 ? 'Alice' : 'Bob',
    last_name: `Number${i}`,
    subscription_status: statuses[i % statuses.length],
    role: i % 10 === 0 ? 'admin' : 'user',
    is_active: i % 4 !== 3,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  };
}

describe('admin API: stats, users, actions, platform settings', () => {
  let t: TestApp;
  let admin: string;
  let userCookie: string;
  let adminId: string;
  const db = () => t.database.db;
  const get = (path: string, cookie = admin) => request(t.server).get(path).set('Cookie', cookie);
  const put = (path: string, body: object = {}, cookie = admin) =>
    request(t.server).put(path).set('Cookie', cookie).send(body);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedInCookie(t, 'root-admin@example.com', 'admin');
    userCookie = await signedInCookie(t, 'plain-user@example.com');
    adminId = (await db()('users').where({ email: 'root-admin@example.com' }).first('id')).id;
    // Seeded admins are inactive-or-not by index; keep root-admin the only active admin unless a test adds one.
    await db()('users').insert(Array.from({ length: SEEDED }, (_, i) => ({ ...seededUser(i), role: 'user' })));
    await db()('users').insert([
      {
        email: 'percent%sign@example.com',
        password_hash: 'x',
        username: 'under_score',
        first_name: "O'Brien",
        last_name: 'Back\\slash',
      },
      {
        email: 'plainpercent@example.com',
        password_hash: 'x',
        username: 'underXscore',
        first_name: 'Plain',
        last_name: 'Person',
      },
    ]);
    await db()('stocks').insert([
      { ticker: 'AAPL', name: 'Apple' },
      { ticker: 'TSLA', name: 'Tesla' },
    ]);
  });
  afterAll(async () => t.close());

  describe('GET /api/admin/stats', () => {
    it('counts from Postgres with the revenue formulas of the pricing page', async () => {
      const res = await get('/api/admin/stats');
      expect(res.status).toBe(200);
      const stats = adminStatsSchema.parse(res.body);
      const all = await db()('users').select('subscription_status', 'is_active');
      const n = (s: string) => all.filter((u) => u.subscription_status === s).length;
      const active = n('active');
      const trial = n('trial') + n('trialing');
      expect(stats).toMatchObject({
        totalUsers: all.length,
        activeUsers: all.filter((u) => u.is_active).length,
        subscribedUsers: active,
        trialUsers: trial,
        expiredUsers: n('expired'),
        cancelledUsers: n('cancelled'),
        monthlyRevenue: active * 49,
        totalRevenue: active * 49 * 12,
        trialRevenuePotential: trial * 49,
        potentialRevenue: Math.round(trial * 49 * 0.2 * 100) / 100,
        totalStocks: 2,
      });
      expect(stats.churnRate).toBe(
        Math.round(((n('cancelled') + n('expired')) / (active + n('cancelled') + n('expired'))) * 1000) / 10,
      );
      expect(stats.usersByStatus.trialing).toBe(n('trialing'));
    });
  });

  describe('GET /api/admin/users', () => {
    it('pages by 50, newest first, with totalPages', async () => {
      const first = adminUsersResponseSchema.parse((await get('/api/admin/users?page=1&limit=50')).body);
      const total = SEEDED + 4;
      expect(first.users).toHaveLength(50);
      expect(first.totalPages).toBe(Math.ceil(total / 50));
      expect(first.total).toBe(total);
      const last = adminUsersResponseSchema.parse(
        (await get(`/api/admin/users?page=${first.totalPages}&limit=50`)).body,
      );
      expect(last.users).toHaveLength(total - 50 * (first.totalPages - 1));
      const seen = new Set<string>();
      for (let page = 1; page <= first.totalPages; page++)
        for (const u of (await get(`/api/admin/users?page=${page}`)).body.users) seen.add(u.id);
      expect(seen.size).toBe(total);
      expect(first.users[0]).not.toHaveProperty('password_hash');
      expect(first.users[0]).not.toHaveProperty('passwordHash');
    });

    it('filters by subscription status ("trial" includes "trialing", "none" includes "inactive") and role', async () => {
      const trial = (await get('/api/admin/users?subscriptionStatus=trial&limit=100')).body;
      const expectedTrial = await db()('users')
        .whereIn('subscription_status', ['trial', 'trialing'])
        .count<{ count: string }[]>('* as count');
      expect(trial.total).toBe(Number(expectedTrial[0]!.count));
      expect(new Set(trial.users.map((u: { subscriptionStatus: string }) => u.subscriptionStatus))).toEqual(
        new Set(['trial', 'trialing']),
      );
      const none = (await get('/api/admin/users?subscriptionStatus=none&limit=100')).body;
      expect(new Set(none.users.map((u: { subscriptionStatus: string }) => u.subscriptionStatus))).toEqual(
        new Set(['none', 'inactive']),
      );
      const active = (await get('/api/admin/users?subscriptionStatus=active')).body;
      expect(active.users.every((u: { subscriptionStatus: string }) => u.subscriptionStatus === 'active')).toBe(true);
      expect(active.totalPages).toBe(Math.ceil(active.total / 50));
      const admins = (await get('/api/admin/users?role=admin')).body;
      expect(admins.users.map((u: { email: string }) => u.email)).toEqual(['root-admin@example.com']);
      const both = (await get('/api/admin/users?role=user&subscriptionStatus=expired')).body;
      const [expired] = await db()('users')
        .where({ role: 'user', subscription_status: 'expired' })
        .count<{ count: string }[]>('* as count');
      expect(both.total).toBe(Number(expired!.count));
      expect(both.total).toBeGreaterThan(0);
      expect(
        both.users.every(
          (u: { role: string; subscriptionStatus: string }) => u.role === 'user' && u.subscriptionStatus === 'expired',
        ),
      ).toBe(true);
    });

    it('searches name, username and e-mail case-insensitively', async () => {
      expect((await get('/api/admin/users?search=SEED007')).body.users.map((u: { email: string }) => u.email)).toEqual([
        'seed007@Example.com',
      ]);
      expect((await get('/api/admin/users?search=trader_12')).body.total).toBe(11); // trader_12 and trader_120..129
      expect(
        (await get('/api/admin/users?search=alice%20number4')).body.users.map((u: { lastName: string }) => u.lastName),
      ).toContain('Number4');
      expect((await get('/api/admin/users?search=number299')).body.total).toBe(1);
    });

    it('treats SQL and LIKE metacharacters in search literally', async () => {
      const emails = async (search: string) =>
        (await get(`/api/admin/users?search=${encodeURIComponent(search)}`)).body.users.map(
          (u: { email: string }) => u.email,
        );
      expect(await emails('%')).toEqual(['percent%sign@example.com']);
      expect(await emails('under_score')).toEqual(['percent%sign@example.com']);
      expect(await emails("o'brien")).toEqual(['percent%sign@example.com']);
      expect(await emails('back\\slash')).toEqual(['percent%sign@example.com']);
      expect(await emails("' OR 1=1 --")).toEqual([]);
      expect(await emails("'; DROP TABLE users; --")).toEqual([]);
      const [users] = await db()('users').count<{ count: string }[]>('* as count');
      expect(Number(users!.count)).toBe(SEEDED + 4);
    });

    it('rejects bad query values with 400 naming the field', async () => {
      const bad = await get('/api/admin/users?page=0');
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('page');
      expect((await get('/api/admin/users?subscriptionStatus=gold')).body.field).toBe('subscriptionStatus');
      expect((await get('/api/admin/users?role=root')).body.field).toBe('role');
    });
  });

  describe('user actions', () => {
    let targetId: string;
    const audit = () => db()('admin_audit_log').orderBy('id', 'desc').first();

    beforeEach(async () => {
      [{ id: targetId }] = await db()('users')
        .insert({
          email: `target-${Date.now()}-${Math.random()}@example.com`,
          password_hash: 'x',
          subscription_status: 'trialing',
        })
        .returning('id');
    });

    it('changes the role and audits who, what, before and after', async () => {
      const res = await put(`/api/admin/users/${targetId}/role`, { role: 'admin' });
      expect(res.status).toBe(200);
      expect(res.body.role).toBe('admin');
      expect((await db()('users').where({ id: targetId }).first()).role).toBe('admin');
      expect(await audit()).toMatchObject({
        actor_id: adminId,
        actor_email: 'root-admin@example.com',
        action: 'user.role',
        target_type: 'user',
        target_id: targetId,
        before: { role: 'user' },
        after: { role: 'admin' },
      });
      expect((await put(`/api/admin/users/${targetId}/role`, { role: 'owner' })).body.field).toBe('role');
    });

    it('sets any of the five admin statuses and refuses others', async () => {
      for (const status of ['active', 'trial', 'cancelled', 'expired', 'none']) {
        const res = await put(`/api/admin/users/${targetId}/subscription`, { subscriptionStatus: status });
        expect(res.status).toBe(200);
        expect((await db()('users').where({ id: targetId }).first()).subscription_status).toBe(status);
      }
      expect(await audit()).toMatchObject({
        action: 'user.subscription',
        before: { subscriptionStatus: 'expired' },
        after: { subscriptionStatus: 'none' },
      });
      // The admin's "trial" started a card-free trial (dates the banner shows); it was not running before.
      const user = await db()('users').where({ id: targetId }).first('trial_start_date', 'trial_end_date');
      expect(user.trial_end_date.getTime() - user.trial_start_date.getTime()).toBe(7 * 86_400_000);
      const bad = await put(`/api/admin/users/${targetId}/subscription`, { subscriptionStatus: 'trialing' });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('subscriptionStatus');
    });

    it('deactivates: the user can no longer use an existing session', async () => {
      await db()('users').where({ id: targetId }).update({ email: 'deactivate-me@example.com' });
      const cookie = await signedInAs('deactivate-me@example.com', targetId);
      expect((await get('/api/user', cookie)).status).toBe(200);
      const res = await put(`/api/admin/users/${targetId}/deactivate`);
      expect(res.status).toBe(200);
      expect(res.body.isActive).toBe(false);
      expect((await get('/api/user', cookie)).status).toBe(401);
      expect(await audit()).toMatchObject({
        action: 'user.deactivate',
        before: { isActive: true },
        after: { isActive: false },
      });
    });

    it('deletes the user; the audit row keeps who it was', async () => {
      const email = (await db()('users').where({ id: targetId }).first()).email;
      const res = await request(t.server).delete(`/api/admin/users/${targetId}`).set('Cookie', admin);
      expect(res.status).toBe(200);
      expect(await db()('users').where({ id: targetId }).first()).toBeUndefined();
      expect(await audit()).toMatchObject({
        action: 'user.delete',
        target_id: targetId,
        before: { email },
        after: null,
      });
      expect((await request(t.server).delete(`/api/admin/users/${targetId}`).set('Cookie', admin)).status).toBe(404);
      expect((await put('/api/admin/users/not-a-uuid/role', { role: 'user' })).status).toBe(404);
    });

    it('an admin cannot demote, deactivate or delete themself as the last admin; with a second admin they can', async () => {
      // Earlier tests promoted their targets: make root-admin the only admin again.
      await db()('users').where('role', 'admin').whereNot({ id: adminId }).update({ role: 'user' });
      const before = await db()('admin_audit_log').count<{ count: string }[]>('* as count');
      for (const res of [
        await put(`/api/admin/users/${adminId}/role`, { role: 'user' }),
        await put(`/api/admin/users/${adminId}/deactivate`),
        await request(t.server).delete(`/api/admin/users/${adminId}`).set('Cookie', admin),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toMatch(/last active admin/);
      }
      expect(await db()('users').where({ id: adminId }).first()).toMatchObject({ role: 'admin', is_active: true });
      expect(await db()('admin_audit_log').count<{ count: string }[]>('* as count')).toEqual(before);
      // A second active admin lifts the protection; demote the other one, so root-admin stays the last again.
      await put(`/api/admin/users/${targetId}/role`, { role: 'admin' });
      expect((await put(`/api/admin/users/${adminId}/role`, { role: 'user' })).status).toBe(200);
      expect((await put(`/api/admin/users/${targetId}/role`, { role: 'user' })).status).toBe(403); // no longer an admin
      await db()('users').where({ id: adminId }).update({ role: 'admin' });
      expect((await put(`/api/admin/users/${targetId}/role`, { role: 'user' })).status).toBe(200);
    });
  });

  describe('platform settings', () => {
    it('saves a list trimmed, without empty lines or duplicates, audited; GET returns it', async () => {
      const res = await request(t.server)
        .post('/api/admin/platform-settings')
        .set('Cookie', admin)
        .send({
          platform: 'reddit',
          settingType: 'subreddits',
          values: ['  wallstreetbets ', '', '   ', 'stocks', 'wallstreetbets', 'pennystocks'],
        });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        platform: 'reddit',
        settingType: 'subreddits',
        values: ['wallstreetbets', 'stocks', 'pennystocks'],
      });
      const list = (await get('/api/admin/platform-settings')).body as Array<{
        platform: string;
        settingType: string;
        values: string[];
      }>;
      expect(list.find((s) => s.platform === 'reddit')?.values).toEqual(['wallstreetbets', 'stocks', 'pennystocks']);
      expect(await db()('admin_audit_log').orderBy('id', 'desc').first()).toMatchObject({
        action: 'platformSettings.save',
        target_id: 'reddit/subreddits',
        after: { values: ['wallstreetbets', 'stocks', 'pennystocks'] },
      });

      await request(t.server)
        .post('/api/admin/platform-settings')
        .set('Cookie', admin)
        .send({ platform: 'reddit', settingType: 'subreddits', values: ['options'] });
      expect(await db()('admin_audit_log').orderBy('id', 'desc').first()).toMatchObject({
        before: { values: ['wallstreetbets', 'stocks', 'pennystocks'] },
        after: { values: ['options'] },
      });
      expect(
        (await db()('platform_settings').where({ platform: 'reddit', setting_type: 'subreddits' }).first()).values,
      ).toEqual(['options']);
    });

    it('shows a saved list in the platform status at once, though the status is otherwise reused for a few seconds', async () => {
      const status = async () => (await get('/api/status')).body as { twitter: { sources: string[] } };
      await status(); // now cached
      await request(t.server)
        .post('/api/admin/platform-settings')
        .set('Cookie', admin)
        .send({ platform: 'twitter', settingType: 'keywords', values: ['fresh keyword'] });
      expect((await status()).twitter.sources).toContain('fresh keyword');
      // A change this process did not make waits for the cache to expire.
      await db()('platform_settings')
        .where({ platform: 'twitter', setting_type: 'keywords' })
        .update({ values: ['changed elsewhere'] });
      expect((await status()).twitter.sources).toContain('fresh keyword');
    });

    it('rejects unknown platforms, setting types and malformed values with 400 naming the field', async () => {
      const post = (body: object) =>
        request(t.server).post('/api/admin/platform-settings').set('Cookie', admin).send(body);
      expect((await post({ platform: 'myspace', settingType: 'keywords', values: [] })).body.field).toBe('platform');
      expect((await post({ platform: 'reddit', settingType: 'hashtags', values: [] })).body.field).toBe('settingType');
      expect((await post({ platform: 'reddit', settingType: 'subreddits', values: 'stocks' })).body.field).toBe(
        'values',
      );
      expect((await post({ platform: 'reddit', settingType: 'subreddits', values: [1] })).body.field).toBe('values.0');
      expect((await post({ platform: 'reddit', settingType: 'subreddits', values: ['x'.repeat(201)] })).status).toBe(
        400,
      );
    });
  });

  it('every admin route is 401 anonymously and 403 for a signed-in user', async () => {
    const calls = [
      ['get', '/api/admin/stats'],
      ['get', '/api/admin/users'],
      ['put', `/api/admin/users/${adminId}/role`],
      ['put', `/api/admin/users/${adminId}/deactivate`],
      ['put', `/api/admin/users/${adminId}/subscription`],
      ['delete', `/api/admin/users/${adminId}`],
      ['get', '/api/admin/platform-settings'],
      ['post', '/api/admin/platform-settings'],
    ] as const;
    for (const [method, path] of calls) {
      expect((await request(t.server)[method](path).send({})).status).toBe(401);
      const asUser = await request(t.server)[method](path).set('Cookie', userCookie).send({ role: 'user' });
      expect(asUser.status).toBe(403);
    }
    expect(await db()('users').where({ id: adminId }).first()).toMatchObject({ role: 'admin', is_active: true });
  });

  async function signedInAs(email: string, id: string): Promise<string> {
    const { hashPassword } = await import('../../platform/passwordHasher');
    await db()('users')
      .where({ id })
      .update({ password_hash: await hashPassword('target-pass') });
    return loginCookie(t.server, email, 'target-pass');
  }
});
