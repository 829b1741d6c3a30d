import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { hashPassword } from '../../platform/passwordHasher';

const password = 'owner-secret-passphrase';
let n = 0;
const newEmail = () => `limits${++n}-${Date.now()}@example.com`;

/** Sign-in under bursts: counted before the hash, per account and per IP, no lock-out of the owner, a bounded hashing pool. */
describe('sign-in limits against real Postgres', () => {
  let t: TestApp;
  let hash: string;
  beforeAll(async () => {
    t = await startTestApp(
      {
        authLimits: {
          loginFailuresPerEmail: 5,
          loginFailuresPerIp: 30,
          loginWindowSeconds: 900,
          signupsPerIpPerHour: 1000,
        },
      },
      { TRUST_PROXY: 'true' },
    );
    hash = await hashPassword(password);
  });
  afterAll(async () => t.close());

  const user = async (email = newEmail()) => {
    await t.deps.db('users').insert({ email, password_hash: hash });
    return email;
  };
  const login = (ip: string, body: object, cookie?: string) => {
    const req = request(t.server).post('/api/login').set('X-Forwarded-For', ip);
    if (cookie) req.set('Cookie', cookie);
    return req.send(body);
  };
  const statuses = (responses: request.Response[]) => responses.map((r) => r.status).sort();

  it('checks only 5 of 40 wrong passwords for one account sent at the same moment (counted before the hash, atomically)', async () => {
    const email = await user();
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => login('198.51.100.1', { email, password: 'wrong-guess-123' })),
    );
    expect(statuses(responses).filter((s) => s === 401)).toHaveLength(5);
    expect(statuses(responses).filter((s) => s === 429)).toHaveLength(35);
    expect(responses.find((r) => r.status === 429)!.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('checks only 30 of 40 wrong sign-ins from one IP at the same moment, across accounts', async () => {
    const emails = await Promise.all(Array.from({ length: 40 }, () => user()));
    const responses = await Promise.all(
      emails.map((email) => login('198.51.100.2', { email, password: 'wrong-guess-123' })),
    );
    expect(statuses(responses).filter((s) => s === 401)).toHaveLength(30);
    expect(statuses(responses).filter((s) => s === 429)).toHaveLength(10);
  });

  it("lets the owner in from an address or device used before while an attacker has used up the account's attempts", async () => {
    const email = await user();
    // The owner signed in before from their home address, and once from a phone (its device cookie).
    expect((await login('192.0.2.10', { email, password })).status).toBe(200);
    const phone = await login('192.0.2.77', { email, password });
    expect(phone.status).toBe(200);
    const deviceCookie = (phone.headers['set-cookie'] as unknown as string[])
      .filter((c) => c.startsWith('sp.device'))
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(deviceCookie).toMatch(/sp\.device=/);

    for (let i = 0; i < 8; i++) await login('203.0.113.66', { email, password: 'attacker-guess-1' });
    expect((await login('203.0.113.67', { email, password })).status).toBe(429); // a new address is slowed down…
    expect((await login('192.0.2.10', { email, password })).status).toBe(200); // …the owner's address is not
    expect((await login('203.0.113.99', { email, password }, deviceCookie)).status).toBe(200); // nor their device elsewhere
  });

  it('a wrong password from a known address still counts against that address', async () => {
    const email = await user();
    expect((await login('192.0.2.20', { email, password })).status).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 35 }, () => login('192.0.2.20', { email, password: 'wrong-guess-123' })),
    );
    expect(statuses(responses).filter((s) => s === 401)).toHaveLength(30);
  });
});

describe('password hashing on its own bounded pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      passwordPool: { threads: 1, maxQueue: 2 },
      authLimits: {
        loginFailuresPerEmail: 1000,
        loginFailuresPerIp: 1000,
        loginWindowSeconds: 900,
        signupsPerIpPerHour: 1000,
      },
    });
  });
  afterAll(async () => t.close());

  it('answers a burst past the queue with 429 and Retry-After, while ClickHouse health and other requests keep answering', async () => {
    const burst = Array.from({ length: 24 }, (_, i) =>
      request(t.server)
        .post('/api/login')
        .send({ email: `nobody${i}@example.com`, password: 'wrong-guess-123' }),
    );
    const during = (async () => {
      await new Promise((r) => setTimeout(r, 50));
      return await Promise.all([request(t.server).get('/api/health'), request(t.server).get('/api/config')]);
    })();
    const [responses, [health, config]] = await Promise.all([Promise.all(burst), during]);
    const busy = responses.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers['retry-after']).toBe('2');
    expect(busy[0]!.body.message).toMatch(/busy/);
    expect(responses.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(3);
    expect(health.body.components.clickhouse.status).toBe('up');
    expect(health.body.components.postgres.status).toBe('up');
    expect(config.status).toBe(200);
  });
});

describe('password-reset limits cannot deny the owner a reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      {
        authLimits: {
          loginFailuresPerEmail: 5,
          loginFailuresPerIp: 30,
          loginWindowSeconds: 900,
          signupsPerIpPerHour: 1000,
          messagesPerHour: 5,
        },
      },
      { TRUST_PROXY: 'true' },
    );
  });
  afterAll(async () => t.close());

  const forgot = (ip: string, email: string, cookie?: string) => {
    const req = request(t.server).post('/api/password/forgot').set('X-Forwarded-For', ip);
    if (cookie) req.set('Cookie', cookie);
    return req.send({ email });
  };
  /** Waits until this many messages went to the address (the links are sent after the answer). */
  const sentTo = async (email: string, count: number) => {
    for (let i = 0; i < 100 && t.outbox.sent.filter((m) => m.to === email).length < count; i++)
      await new Promise((r) => setTimeout(r, 50));
    return t.outbox.sent.filter((m) => m.to === email).length;
  };

  it("five requests from an attacker's address block that address, not the owner's known address, device or a new one", async () => {
    const email = newEmail();
    await t.deps.db('users').insert({ email, password_hash: await hashPassword(password) });
    // The owner signed in once from home, which set the device cookie.
    const home = await request(t.server)
      .post('/api/login')
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ email, password });
    expect(home.status).toBe(200);
    const deviceCookie = (home.headers['set-cookie'] as unknown as string[])
      .map((c) => c.split(';')[0]!)
      .filter((c) => c.startsWith('sp.device'))
      .join('; ');

    for (let i = 0; i < 5; i++) expect((await forgot('203.0.113.66', email)).status).toBe(200);
    const blocked = await forgot('203.0.113.66', email);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    expect(await sentTo(email, 5)).toBe(5);
    // From home (an address the account signed in from), again and again: never counted against the address.
    for (let i = 0; i < 7; i++) expect((await forgot('198.51.100.7', email)).status).toBe(200);
    // From a café, with the device cookie of an earlier sign-in.
    expect((await forgot('192.0.2.44', email, deviceCookie)).status).toBe(200);
    // From a new address with no cookie: counted, but apart from the attacker's.
    expect((await forgot('192.0.2.99', email)).status).toBe(200);
    expect(await sentTo(email, 14)).toBe(14);
  });
});
