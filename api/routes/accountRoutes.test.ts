import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUserSchema } from '../../core/contracts/user';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { USERNAME_MESSAGE } from '../../core/contracts/auth';
import { purgeExpiredSessions } from '../sessions/postgresSessionStore';
import { signUpAndVerify, verificationToken } from '../../tests/support/signUp';

const password = 'correct-horse';
let n = 0;
const newEmail = () => `user${++n}-${Date.now()}@example.com`;

describe('accounts API against real Postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY lets a test sign in "from" another address with X-Forwarded-For.
    t = await startTestApp({}, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  const register = async (agent = request.agent(t.server), email = newEmail()) =>
    signUpAndVerify(t, email, password, {}, agent);
  const sessionCookie = (res: request.Response) =>
    (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('sp.sid='));

  describe('POST /api/register', () => {
    it('creates the account on the 7-day no-card trial; its e-mailed link finishes the sign-up and signs in; never the password hash', async () => {
      const agent = request.agent(t.server);
      const email = newEmail();
      const res = await agent.post('/api/register').send({
        email: email.toUpperCase(),
        password,
        confirmPassword: password,
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: `ada${n}`,
      });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        message: `Check your e-mail to continue: we sent a message to ${email}. Open the link in it to finish creating your account and sign in.`,
        email,
      });
      expect(sessionCookie(res)).toBeUndefined();
      // Waiting for its link, the account cannot sign in, and answers as an unknown address does.
      const early = await request(t.server).post('/api/login').send({ email, password });
      expect(early.status).toBe(401);
      expect(early.body).toEqual({ message: 'Invalid email or password' });

      const verified = await agent.post('/api/verify-email').send({ token: await verificationToken(t, email) });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ message: `${email} is verified and your account is ready. You are signed in.` });
      const cookie = sessionCookie(verified)!;
      expect(cookie).toMatch(/httponly/i);
      expect(cookie).toMatch(/samesite=lax/i);
      const me = await agent.get('/api/user');
      expect(me.status).toBe(200);
      const user = publicUserSchema.strict().parse(me.body);
      expect(user.email).toBe(email);
      expect(user).toMatchObject({
        subscriptionStatus: 'trialing',
        role: 'user',
        isActive: true,
        emailVerified: true,
        emailAlerts: true,
        smsAlerts: false,
        weeklyDigest: true,
        marketUpdates: true,
        newFeatures: false,
        hasCompletedTrial: false,
      });
      expect(Date.parse(user.trialEndDate!) - Date.parse(user.trialStartDate!)).toBe(7 * 24 * 3600 * 1000);
      expect(JSON.stringify(me.body)).not.toMatch(/password|scrypt/i);
      expect((await request(t.server).post('/api/login').send({ email, password })).status).toBe(200);
    });

    it.each([
      [{ email: 'not-an-email', password, confirmPassword: password }, 'email', 'Invalid email address'],
      [
        { email: 'a@b.co', password: '123', confirmPassword: '123' },
        'password',
        'Password must be at least 6 characters',
      ],
      [{ email: 'a@b.co', password, confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
      [{ email: 'a@b.co', password, confirmPassword: 'different-one' }, 'confirmPassword', "Passwords don't match"],
      [{ password, confirmPassword: password }, 'email', 'Invalid email address'],
      [{ email: 'a@b.co', password, confirmPassword: password, username: 'no spaces' }, 'username', USERNAME_MESSAGE],
      [{ email: 'a@b.co', password, confirmPassword: password, username: 'ab' }, 'username', USERNAME_MESSAGE],
      [{ email: 'a@b.co', password, confirmPassword: password, username: '@handle' }, 'username', USERNAME_MESSAGE],
    ])('rejects %j with 400 naming %s', async (body, field, message) => {
      const res = await request(t.server).post('/api/register').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, field });
    });

    it('username is optional (blank is none) and unique in any letter case (409)', async () => {
      const blank = await register();
      expect(blank.user.username).toBeNull();
      const name = `Trader_${Date.now().toString(36)}`;
      const first = await signUpAndVerify(t, newEmail(), password, { username: name });
      expect(first.user.username).toBe(name);
      const taken = await request(t.server)
        .post('/api/register')
        .send({ email: newEmail(), password, confirmPassword: password, username: name.toLowerCase() });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ field: 'username' });
    });

    it('Postgres itself refuses a username outside the format (migration 016)', async () => {
      await expect(
        t.deps.db('users').insert({ email: newEmail(), password_hash: 'x', username: 'has space' }),
      ).rejects.toThrow(/users_username_format/);
    });

    it('answers a taken address (any letter case) exactly as a new one, and e-mails its owner instead', async () => {
      const { email } = await register();
      const signUp = async (address: string) => {
        const started = performance.now();
        const res = await request(t.server)
          .post('/api/register')
          .send({ email: address, password: 'another-long-passphrase', confirmPassword: 'another-long-passphrase' });
        return { res, ms: performance.now() - started };
      };
      const taken = [await signUp(email.toUpperCase()), await signUp(email), await signUp(email.toUpperCase())];
      const free = [await signUp(newEmail().toUpperCase()), await signUp(newEmail()), await signUp(newEmail())];
      const fresh = free[0]!.res.body.email as string;
      const takenRes = taken[0]!.res;
      const freeRes = free[0]!.res;
      for (const { res } of [...taken, ...free]) {
        expect(res.status).toBe(202);
        expect(sessionCookie(res)).toBeUndefined();
      }
      // The same body but for the address each one typed, and no session either way.
      expect(takenRes.body.message.replace(email, 'X')).toBe(freeRes.body.message.replace(fresh, 'X'));
      expect(Object.keys(takenRes.body)).toEqual(Object.keys(freeRes.body));
      // The same timing class: both hash the password (scrypt, N=2^15: tens of milliseconds even on a fast machine) and
      // neither sends mail within the request. The fastest of three of each is compared, to keep scheduling noise out.
      const fastest = (runs: Array<{ ms: number }>) => Math.min(...runs.map((r) => r.ms));
      expect(fastest(taken)).toBeGreaterThan(20);
      expect(fastest(free)).toBeGreaterThan(20);
      expect(Math.max(fastest(taken), fastest(free)) / Math.min(fastest(taken), fastest(free))).toBeLessThan(3);

      const notice = await t.outbox.waitFor(
        (m) => m.to === email && m.subject === 'Someone tried to sign up with your StockPulse address',
      );
      expect(notice.text).toContain('sign in, or choose "Forgot password?"');
      expect(notice.text).toContain('/auth');
      // The owner's password and account are unchanged.
      expect((await request(t.server).post('/api/login').send({ email, password })).status).toBe(200);
      expect(
        (await request(t.server).post('/api/login').send({ email, password: 'another-long-passphrase' })).status,
      ).toBe(401);
    });

    it('a sign-up waiting for its link: a second sign-up of the address tells its owner, and a reset finishes the account', async () => {
      const email = newEmail();
      // Someone else signed the address up first, with a password of their own; they never get the link.
      expect(
        (
          await request(t.server)
            .post('/api/register')
            .send({ email, password: 'squatter-passphrase', confirmPassword: 'squatter-passphrase' })
        ).status,
      ).toBe(202);
      expect((await request(t.server).post('/api/login').send({ email, password: 'squatter-passphrase' })).status).toBe(
        401,
      );
      // The owner signs up: the same answer, and an e-mail saying to reset the password.
      expect(
        (await request(t.server).post('/api/register').send({ email, password, confirmPassword: password })).status,
      ).toBe(202);
      await t.outbox.waitFor(
        (m) => m.to === email && m.subject === 'Someone tried to sign up with your StockPulse address',
      );
      await request(t.server).post('/api/password/forgot').send({ email });
      const reset = await t.outbox.waitFor((m) => m.to === email && m.subject === 'Reset your StockPulse password');
      const token = /token=([A-Za-z0-9_-]+)/.exec(reset.text)![1]!;
      expect(
        (await request(t.server).post('/api/password/reset').send({ token, password, confirmPassword: password }))
          .status,
      ).toBe(200);
      expect((await request(t.server).post('/api/login').send({ email, password })).status).toBe(200);
      expect((await request(t.server).post('/api/login').send({ email, password: 'squatter-passphrase' })).status).toBe(
        401,
      );
    });
  });

  describe('POST /api/login', () => {
    it('signs in and rotates the session id (no session fixation)', async () => {
      const { email } = await register();
      const agent = request.agent(t.server);
      // A session that exists before login (e.g. planted by an attacker) must not survive it.
      const before = await agent.post('/api/login').send({ email, password: 'wrong-password' });
      expect(before.status).toBe(401);
      await signUpAndVerify(t, newEmail(), password, {}, agent);
      const preLoginCookie = sessionCookie(await agent.get('/api/user'))!;
      const login = await agent.post('/api/login').send({ email, password });
      expect(login.status).toBe(200);
      expect(login.body.email).toBe(email);
      expect(login.body.lastLoginAt).not.toBeNull();
      const postLoginCookie = sessionCookie(login)!;
      expect(postLoginCookie.split(';')[0]).not.toBe(preLoginCookie.split(';')[0]);
      const replay = await request(t.server).get('/api/user').set('Cookie', preLoginCookie.split(';')[0]!);
      expect(replay.status).toBe(401);
    });

    it('answers an unknown e-mail and a wrong password with the same message', async () => {
      const { email } = await register();
      const unknown = await request(t.server).post('/api/login').send({ email: newEmail(), password });
      const wrong = await request(t.server).post('/api/login').send({ email, password: 'wrong-password' });
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    });

    it.each([
      [{ email: 'nope', password }, 'email', 'Invalid email address'],
      [{ email: 'a@b.co', password: '12345' }, 'password', 'Password must be at least 6 characters'],
    ])('rejects %j with 400 naming %s', async (body, field, message) => {
      const res = await request(t.server).post('/api/login').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, field });
    });

    it('rate-limits repeated attempts per account from a new address with a clear 429 and Retry-After, even for the right password', async () => {
      const { email } = await register();
      const fromStranger = () => request(t.server).post('/api/login').set('X-Forwarded-For', '203.0.113.9');
      for (let i = 0; i < 5; i++)
        expect((await fromStranger().send({ email, password: 'wrong-password' })).status).toBe(401);
      const limited = await fromStranger().send({ email, password });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minute\(s\)\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('refuses a deactivated user and ends their existing session', async () => {
      const { agent, email, user } = await register();
      await t.database.db('users').where({ id: user.id }).update({ is_active: false });
      expect((await agent.get('/api/user')).status).toBe(401);
      const login = await request(t.server).post('/api/login').send({ email, password });
      expect(login.status).toBe(403);
      expect(login.body.message).toMatch(/deactivated/);
    });
  });

  describe('sessions', () => {
    it('GET /api/user is 401 when signed out', async () => {
      const res = await request(t.server).get('/api/user');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    });

    it('logout invalidates the cookie on the server, not only in the browser', async () => {
      const { agent } = await register();
      const cookie = sessionCookie(await agent.get('/api/user'))!.split(';')[0]!;
      expect((await agent.post('/api/logout')).status).toBe(200);
      expect((await agent.get('/api/user')).status).toBe(401);
      expect((await request(t.server).get('/api/user').set('Cookie', cookie)).status).toBe(401);
    });

    it('stores sessions in Postgres with a rolling expiry, and purges expired rows', async () => {
      const { user } = await register();
      const rows = await t.database.db('sessions').whereRaw(`sess->>'userId' = ?`, [user.id]);
      expect(rows).toHaveLength(1);
      expect(new Date(rows[0].expire).getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000);
      await t.database
        .db('sessions')
        .whereRaw(`sess->>'userId' = ?`, [user.id])
        .update({ expire: new Date(Date.now() - 1000) });
      expect(await purgeExpiredSessions(t.database.db)).toBeGreaterThanOrEqual(1);
      expect(await t.database.db('sessions').whereRaw(`sess->>'userId' = ?`, [user.id])).toHaveLength(0);
    });
  });

  describe('PATCH /api/user/profile', () => {
    const profile = {
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: '',
      notifications: {
        emailAlerts: false,
        smsAlerts: false,
        weeklyDigest: false,
        marketUpdates: true,
        newFeatures: true,
      },
    };

    it('updates names, phone and the five notification switches; a new e-mail waits for its link', async () => {
      const { agent, email: oldEmail } = await register();
      const email = newEmail();
      const res = await agent.patch('/api/user/profile').send({
        ...profile,
        email,
        currentPassword: password,
        phoneNumber: '+14155550123',
        notifications: { ...profile.notifications, smsAlerts: true },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        firstName: 'Grace',
        lastName: 'Hopper',
        email: oldEmail,
        pendingEmail: email,
        phoneNumber: '+14155550123',
        phoneVerified: false,
        emailAlerts: false,
        smsAlerts: true,
        weeklyDigest: false,
        marketUpdates: true,
        newFeatures: true,
      });
      expect((await agent.get('/api/user')).body.email).toBe(oldEmail);
    });

    it.each([
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ firstName: 'A'.repeat(101) }, 'firstName', 'First name must be at most 100 characters'],
      [{ lastName: 'B'.repeat(101) }, 'lastName', 'Last name must be at most 100 characters'],
      [{ lastName: '  ' }, 'lastName', 'Last name is required'],
      [{ email: 'bad' }, 'email', 'Please enter a valid email address'],
      [{ phoneNumber: '555-0123' }, 'phoneNumber', 'Phone number must be in international format, e.g. +14155550123'],
    ])('rejects %j with 400 naming %s', async (patch, field, message) => {
      const { agent, email } = await register();
      const res = await agent.patch('/api/user/profile').send({ ...profile, email, ...patch });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, field });
    });

    it('refuses SMS alerts without a phone number', async () => {
      const { agent, email } = await register();
      const res = await agent
        .patch('/api/user/profile')
        .send({ ...profile, email, notifications: { ...profile.notifications, smsAlerts: true } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'notifications.smsAlerts' });
    });

    it("answers another account's e-mail exactly like a free one (no enumeration), and sends that address nothing", async () => {
      const { email: taken } = await register();
      const { agent } = await register();
      const free = newEmail();
      const toTaken = await agent.patch('/api/user/profile').send({ email: taken, currentPassword: password });
      const toFree = await agent.patch('/api/user/profile').send({ email: free, currentPassword: password });
      expect([toTaken.status, toFree.status]).toEqual([200, 200]);
      expect(Object.keys(toTaken.body).sort()).toEqual(Object.keys(toFree.body).sort());
      await t.outbox.waitFor((m) => m.to === free && m.subject === 'Confirm your new StockPulse e-mail address');
      expect(t.outbox.sent.filter((m) => m.to === taken && m.subject?.includes('new'))).toEqual([]);
    });

    it('an empty PATCH is a 400, not a silent no-op', async () => {
      const { agent } = await register();
      const res = await agent.patch('/api/user/profile').send({});
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Send at least one field to change');
    });

    it('a PATCH leaves absent fields as they are: no phone clearing, no name clearing', async () => {
      const { agent } = await register();
      await agent.patch('/api/user/profile').send({ ...profile, phoneNumber: '+14155550188' });
      const res = await agent.patch('/api/user/profile').send({ firstName: 'Only' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        firstName: 'Only',
        lastName: 'Hopper',
        phoneNumber: '+14155550188',
        newFeatures: true,
      });
    });

    it('is 401 when signed out', async () => {
      expect((await request(t.server).patch('/api/user/profile').send(profile)).status).toBe(401);
    });
  });

  describe('account data and deletion', () => {
    it('exports what the product holds about the user as a JSON download', async () => {
      const { agent, user } = await register();
      const res = await agent.get('/api/user/export');
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="stockpulse-data.json"');
      expect(res.body.user.id).toBe(user.id);
      expect(JSON.stringify(res.body)).not.toMatch(/scrypt/);
    });

    it('deleting the account needs the current password: none or a wrong one is a 400 naming it, and the account stays', async () => {
      const { agent } = await register();
      const none = await agent.delete('/api/user/account');
      expect(none.status).toBe(400);
      expect(none.body).toMatchObject({
        message: 'Enter your current password to delete your account',
        field: 'currentPassword',
      });
      const wrong = await agent.delete('/api/user/account').send({ currentPassword: 'not-my-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ message: 'Current password is incorrect', field: 'currentPassword' });
      expect((await agent.get('/api/user')).status).toBe(200);
    });

    it('deletes the account, ends every session, and the account cannot sign in again', async () => {
      const { agent, email } = await register();
      const second = request.agent(t.server);
      expect((await second.post('/api/login').send({ email, password })).status).toBe(200);
      expect((await agent.delete('/api/user/account').send({ currentPassword: password })).status).toBe(200);
      expect((await agent.get('/api/user')).status).toBe(401);
      expect((await second.get('/api/user')).status).toBe(401);
      expect((await request(t.server).post('/api/login').send({ email, password })).status).toBe(401);
    });
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request from another origin', async () => {
      const { agent } = await register();
      const res = await agent.delete('/api/user/account').set('Origin', 'https://evil.example');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Cross-origin request refused' });
      expect((await agent.get('/api/user')).status).toBe(200);
    });

    it('accepts the same origin', async () => {
      const { agent } = await register();
      const origin = `http://127.0.0.1:${(t.server.address() as { port: number }).port}`;
      expect((await agent.post('/api/logout').set('Origin', origin)).status).toBe(200);
    });
  });

  it('GET /api/login redirects to the sign-in page', async () => {
    const res = await request(t.server).get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth');
  });
});

describe('logout under concurrent requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY lets a test sign in "from" another address with X-Forwarded-For.
    t = await startTestApp({}, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  it('a request in flight during logout does not bring the session back (rolling refresh only updates live sessions)', async () => {
    const email = `race-${Date.now()}@example.com`;
    expect(
      (await request(t.server).post('/api/register').send({ email, password, confirmPassword: password })).status,
    ).toBe(202);
    const registered = await request(t.server)
      .post('/api/verify-email')
      .send({ token: await verificationToken(t, email) });
    expect(registered.status).toBe(200);
    const cookie = (registered.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    expect((await request(t.server).get('/api/user').set('Cookie', cookie)).status).toBe(200);
    // Many polls racing a logout, as the dashboard does.
    const polls = Array.from({ length: 20 }, () => request(t.server).get('/api/user').set('Cookie', cookie));
    const [logout] = await Promise.all([request(t.server).post('/api/logout').set('Cookie', cookie), ...polls]);
    expect(logout!.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await request(t.server).get('/api/user').set('Cookie', cookie)).status).toBe(401);
  });
});
