import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwordHasher';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

// One app at a time: chDB opens one data directory per process.
describe('security headers on every response (plain HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it.each(['/api/config', '/api/user', '/api/no-such-route'])(
    '%s carries CSP, frame-ancestors none, nosniff and no HSTS',
    async (path) => {
      const res = await request(t.server).get(path);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );
});

describe('behind an https public URL and the TLS proxy it needs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { PUBLIC_URL: 'https://stockpulse.example', TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  it('sends HSTS', async () => {
    const res = await request(t.server).get('/api/config');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('signs in over the proxy with a Secure session cookie (not a 500)', async () => {
    await t.deps
      .db('users')
      .insert({ email: 'secure-cookie@example.com', password_hash: await hashPassword('test-password') });
    const res = await request(t.server)
      .post('/api/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: 'secure-cookie@example.com', password: 'test-password' });
    expect(res.status).toBe(200);
    expect((res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sp.sid='))).toMatch(
      /; secure/i,
    );
    // A request that bypassed the proxy gets a clear 403, not a 500.
    const direct = await request(t.server)
      .post('/api/login')
      .send({ email: 'secure-cookie@example.com', password: 'test-password' });
    expect(direct.status).toBe(403);
    expect(direct.body).toEqual({
      message: 'This site sets its session cookie over HTTPS only: connect through https://',
    });
  });
});
