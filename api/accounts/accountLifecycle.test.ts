import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwordHasher';
import { signUpAndVerify } from '../../tests/support/signUp';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

const password = 'lifecycle-passphrase-9';
let n = 0;
const newEmail = () => `life${++n}-${Date.now()}@example.com`;
const tokenOf = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('account lifecycle against real Postgres: verification, reset, password and e-mail change, phone codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { PUBLIC_URL: 'https://stockpulse.test', COOKIE_SECURE: 'false' });
  });
  afterAll(async () => t.close());

  /** A signed-up user who opened the e-mailed link (which signed this agent in). */
  const register = async (email = newEmail()) => signUpAndVerify(t, email, password);
  const mailTo = (to: string, subject: string) => t.outbox.waitFor((m) => m.to === to && m.subject === subject);

  it('refuses weak and common passwords with a clear message naming the field', async () => {
    for (const weak of ['123456', 'password1', 'qwertyuiop']) {
      const res = await request(t.server)
        .post('/api/register')
        .send({ email: newEmail(), password: weak, confirmPassword: weak });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('password');
      expect(res.body.message).toMatch(/^This password is too easy to guess\./);
    }
  });

  it('sign-up sends a single-use verification link (stored hashed); the account waits for it, and the link signs in', async () => {
    const email = newEmail();
    const agent = request.agent(t.server);
    expect((await agent.post('/api/register').send({ email, password, confirmPassword: password })).status).toBe(202);
    const user = await t.deps.db('users').where({ email }).first();
    expect(user).toMatchObject({ email_verified_at: null, signup_pending: true });
    const mail = await mailTo(email, 'Verify your StockPulse e-mail address');
    expect(mail.text).toContain('https://stockpulse.test/verify-email?token=');
    const token = tokenOf(mail.text);
    const stored = await t.deps.db('account_tokens').where({ user_id: user.id, purpose: 'verify_email' });
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(new Date(stored[0].expires_at).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    // The link is not kept with the notification record either.
    expect(JSON.stringify(await t.deps.db('notifications').where({ user_id: user.id }))).not.toContain(token);

    expect((await agent.get('/api/user')).status).toBe(401);
    const verified = await agent.post('/api/verify-email').send({ token });
    expect(verified.status).toBe(200);
    expect((await agent.get('/api/user')).body).toMatchObject({ email, emailVerified: true });
    const again = await request(t.server).post('/api/verify-email').send({ token });
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('token');
  });

  it('an account from before sign-ups waited for their link, still unverified, gets no test e-mail until verified', async () => {
    const email = newEmail();
    await t.deps.db('users').insert({ email, password_hash: await hashPassword(password), email_verified_at: null });
    const agent = request.agent(t.server);
    expect((await agent.post('/api/login').send({ email, password })).status).toBe(200);
    expect((await agent.post('/api/test-email')).status).toBe(409); // nothing is mailed to an unconfirmed address
    expect((await agent.post('/api/user/email-verification')).status).toBe(200);
    const token = tokenOf((await mailTo(email, 'Verify your StockPulse e-mail address')).text);
    const verified = await request(t.server).post('/api/verify-email').send({ token });
    expect(verified.body).toEqual({ message: `${email} is verified. Alert e-mails will go to this address.` });
    expect((await agent.get('/api/user')).body.emailVerified).toBe(true);
  });

  it('an expired verification link is refused', async () => {
    const email = newEmail();
    expect(
      (await request(t.server).post('/api/register').send({ email, password, confirmPassword: password })).status,
    ).toBe(202);
    const token = tokenOf((await mailTo(email, 'Verify your StockPulse e-mail address')).text);
    await t.deps
      .db('account_tokens')
      .where({ target: email, purpose: 'verify_email' })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await request(t.server).post('/api/verify-email').send({ token })).status).toBe(400);
  });

  it('forgot password answers the same for an unknown address; the reset link works once, for 1 hour, and ends every session', async () => {
    const { agent, email } = await register();
    const unknown = await request(t.server).post('/api/password/forgot').send({ email: newEmail() });
    const known = await request(t.server).post('/api/password/forgot').send({ email: email.toUpperCase() });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    expect(known.body).toEqual(unknown.body);
    const token = tokenOf((await mailTo(email, 'Reset your StockPulse password')).text);
    const stored = await t.deps
      .db('account_tokens')
      .where({ token_hash: sha256(token) })
      .first();
    expect(new Date(stored.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(3600 * 1000);

    const weak = await request(t.server)
      .post('/api/password/reset')
      .send({ token, password: '123456', confirmPassword: '123456' });
    expect(weak.status).toBe(400); // refused before the link is used up
    const newPassword = 'brand-new-passphrase-7';
    const reset = await request(t.server)
      .post('/api/password/reset')
      .send({ token, password: newPassword, confirmPassword: newPassword });
    expect(reset.status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(401);
    expect((await request(t.server).post('/api/login').send({ email, password: newPassword })).status).toBe(200);
    const reuse = await request(t.server)
      .post('/api/password/reset')
      .send({ token, password: 'another-passphrase-8', confirmPassword: 'another-passphrase-8' });
    expect(reuse.status).toBe(400);
  });

  it('a reset link older than 1 hour is refused', async () => {
    const { email, user } = await register();
    await request(t.server).post('/api/password/forgot').send({ email });
    const token = tokenOf((await mailTo(email, 'Reset your StockPulse password')).text);
    await t.deps
      .db('account_tokens')
      .where({ user_id: user.id, purpose: 'reset_password' })
      .update({ expires_at: new Date(Date.now() - 1) });
    const res = await request(t.server)
      .post('/api/password/reset')
      .send({ token, password: 'brand-new-passphrase-7', confirmPassword: 'brand-new-passphrase-7' });
    expect(res.status).toBe(400);
  });

  it('changing the password needs the current one and signs out the other sessions, not this one', async () => {
    const { agent, email } = await register();
    const other = request.agent(t.server);
    expect((await other.post('/api/login').send({ email, password })).status).toBe(200);
    const wrong = await agent.post('/api/user/password').send({
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-passphrase-7',
      confirmPassword: 'brand-new-passphrase-7',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'currentPassword', message: 'Current password is incorrect' });
    const weak = await agent
      .post('/api/user/password')
      .send({ currentPassword: password, newPassword: '123456', confirmPassword: '123456' });
    expect(weak.body.field).toBe('newPassword');
    const ok = await agent.post('/api/user/password').send({
      currentPassword: password,
      newPassword: 'brand-new-passphrase-7',
      confirmPassword: 'brand-new-passphrase-7',
    });
    expect(ok.status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
  });

  it('changing the e-mail needs the password and takes effect only from the link sent to the new address', async () => {
    const { agent } = await register();
    const next = newEmail();
    const noPassword = await agent.patch('/api/user/profile').send({ email: next });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.field).toBe('currentPassword');
    const wrong = await agent.patch('/api/user/profile').send({ email: next, currentPassword: 'not-my-password' });
    expect(wrong.body).toMatchObject({ field: 'currentPassword', message: 'Current password is incorrect' });
    const pending = await agent.patch('/api/user/profile').send({ email: next, currentPassword: password });
    expect(pending.body.pendingEmail).toBe(next);
    const token = tokenOf((await mailTo(next, 'Confirm your new StockPulse e-mail address')).text);
    expect((await request(t.server).post('/api/verify-email').send({ token })).status).toBe(200);
    expect((await agent.get('/api/user')).body).toMatchObject({ email: next, pendingEmail: null, emailVerified: true });
  });

  it('a phone is verified by the code sent to it by SMS; wrong codes are counted and void the code after 5', async () => {
    const { agent } = await register();
    await agent.patch('/api/user/profile').send({ phoneNumber: '+14155550142' });
    expect((await agent.post('/api/user/phone/code')).status).toBe(200);
    const sms = await t.outbox.waitFor((m) => m.channel === 'sms' && m.to === '+14155550142');
    const code = /(\d{6})/.exec(sms.text)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await agent.post('/api/user/phone/verify').send({ code: wrongCode })).status).toBe(400);
    expect((await agent.post('/api/user/phone/verify').send({ code })).status).toBe(400); // void after 5 wrong tries

    await agent.post('/api/user/phone/code');
    const fresh = /(\d{6})/.exec(
      (await t.outbox.waitFor((m) => m.channel === 'sms' && m.to === '+14155550142' && !m.text.includes(code))).text,
    )![1]!;
    const ok = await agent.post('/api/user/phone/verify').send({ code: fresh });
    expect(ok.status).toBe(200);
    expect(ok.body.phoneVerified).toBe(true);
    // A new number needs a new code.
    expect((await agent.patch('/api/user/profile').send({ phoneNumber: '+14155550143' })).body.phoneVerified).toBe(
      false,
    );
  });
});

describe('rate limits of account messages and card sign-ups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      authLimits: {
        loginFailuresPerEmail: 5,
        loginFailuresPerIp: 1000,
        loginWindowSeconds: 900,
        signupsPerIpPerHour: 1000,
        messagesPerHour: 2,
      },
    });
  });
  afterAll(async () => t.close());

  it('limits verification e-mails, phone codes, e-mail changes and reset requests with 429 and Retry-After', async () => {
    const { agent } = await signUpAndVerify(t, newEmail(), password, { firstName: 'Limit' });
    const twice = async (send: () => Promise<request.Response>) => {
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const third = await send();
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    };
    await twice(() => agent.post('/api/user/email-verification'));
    await agent.patch('/api/user/profile').send({ phoneNumber: '+14155550150' });
    await twice(() => agent.post('/api/user/phone/code'));
    await twice(() => agent.patch('/api/user/profile').send({ email: newEmail(), currentPassword: password }));
    // Resets are counted per address and source: an address this machine never signed in to is limited here.
    const stranger = newEmail();
    await twice(() => request(t.server).post('/api/password/forgot').send({ email: stranger }));
  });
});
