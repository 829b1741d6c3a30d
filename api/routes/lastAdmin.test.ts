import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie, signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

describe('DELETE /api/user/account keeps an active admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const deleteOwnAccount = (cookie: string) =>
    request(t.server).delete('/api/user/account').set('Cookie', cookie).send({ currentPassword: 'test-password' });
  const exists = async (email: string) => Boolean(await t.deps.db('users').where({ email }).first('id'));

  it('the last active admin cannot delete their own account: 409 with a message, account and session kept', async () => {
    const admin = await signedInCookie(t, 'only-admin@example.com', 'admin');
    // A deactivated admin does not count: they cannot sign in to run the product.
    await t.deps
      .db('users')
      .insert({ email: 'inactive-admin@example.com', password_hash: 'x', role: 'admin', is_active: false });
    const res = await deleteOwnAccount(admin);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Cannot delete the last active admin. Make another user an admin first.' });
    expect(await exists('only-admin@example.com')).toBe(true);
    expect((await request(t.server).get('/api/user').set('Cookie', admin)).status).toBe(200);
  });

  it('with a second active admin, an admin may delete their own account', async () => {
    const second = await signedInCookie(t, 'second-admin@example.com', 'admin');
    const res = await deleteOwnAccount(second);
    expect(res.status).toBe(200);
    expect(await exists('second-admin@example.com')).toBe(false);
    // The one left is the last again.
    expect(
      (await deleteOwnAccount(await loginCookie(t.server, 'only-admin@example.com', 'test-password'))).status,
    ).toBe(409);
  });

  it('two admins deleting themselves at once: one succeeds, one is refused, an admin remains', async () => {
    const a = await signedInCookie(t, 'race-a@example.com', 'admin');
    const b = await signedInCookie(t, 'race-b@example.com', 'admin');
    await t.deps.db('users').where({ email: 'only-admin@example.com' }).update({ role: 'user' });
    const statuses = (await Promise.all([deleteOwnAccount(a), deleteOwnAccount(b)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(
      await t.deps.db('users').where({ role: 'admin', is_active: true }).count<{ count: number }[]>('* as count'),
    ).toEqual([{ count: 1 }]);
  });

  it('a user deletes their own account as before', async () => {
    const user = await signedInCookie(t, 'plain-user@example.com');
    expect((await deleteOwnAccount(user)).status).toBe(200);
    expect(await exists('plain-user@example.com')).toBe(false);
  });
});
