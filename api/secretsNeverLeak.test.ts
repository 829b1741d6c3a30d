import request from 'supertest';
import { verificationToken } from '../tests/support/signUp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLogLevel } from '../platform/logger';
import { startTestApp, type TestApp } from '../tests/support/testApp';

const secrets = {
  SESSION_SECRET: 'session-secret-for-leak-test-0123456789',
  STRIPE_SECRET_KEY: 'sk_test_leakcheck123',
  STRIPE_WEBHOOK_SECRET: 'whsec_leakcheck123',
  ADMIN_PASSWORD: 'admin-leak-password',
};
const password = 'user-leak-password-42';

/** Drives sign-up, sign-in (wrong and right), profile changes and errors with debug logging on, then greps every log line and response body. */
describe('no secret or password hash in any log line or response', () => {
  let t: TestApp;
  const logged: string[] = [];
  const responses: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({}, secrets);
    setLogLevel('debug');
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (logged.push(String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (logged.push(String(chunk)), true));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    setLogLevel('info');
    await t.close();
  });

  it('sign-up, sign-in, profile, export, errors', async () => {
    const agent = request.agent(t.server);
    const record = (res: request.Response) => responses.push(JSON.stringify(res.headers) + res.text);
    record(await agent.post('/api/register').send({ email: 'leak@example.com', password, confirmPassword: password }));
    record(await agent.post('/api/verify-email').send({ token: await verificationToken(t, 'leak@example.com') }));
    record(await agent.post('/api/register').send({ email: 'leak@example.com', password, confirmPassword: password }));
    record(await agent.post('/api/logout'));
    record(await agent.post('/api/login').send({ email: 'leak@example.com', password: `${password}-wrong` }));
    record(await agent.post('/api/login').send({ email: 'leak@example.com', password }));
    record(await agent.get('/api/user'));
    record(
      await agent
        .patch('/api/user/profile')
        .send({ firstName: 'Leak', lastName: 'Check', email: 'leak@example.com', phoneNumber: 'not-a-phone' }),
    );
    record(await agent.get('/api/user/export'));
    record(await agent.get('/api/config'));
    record(await agent.get('/api/openapi.json'));
    record(await agent.post('/api/login').set('Content-Type', 'application/json').send(`{"password":"${password}"`));

    const hash: string = (await t.database.db('users').where({ email: 'leak@example.com' }).first('password_hash'))
      .password_hash;
    const forbidden = [password, hash, hash.split('$').at(-1)!, ...Object.values(secrets)];
    const haystacks = { logs: logged.join(''), responses: responses.join('\n') };
    expect(haystacks.responses.length).toBeGreaterThan(1000);
    for (const [where, text] of Object.entries(haystacks)) {
      for (const secret of forbidden)
        expect(text.includes(secret), `${where} contain ${secret.slice(0, 12)}…`).toBe(false);
    }
  });
});
