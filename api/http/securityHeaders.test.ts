import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

// One app at a time: chDB opens one data directory per process.
describe('security headers on every response (plain HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it.each(['/api/config', '/api/user', '/api/no-such-route'])('%s carries CSP, frame-ancestors none, nosniff and no HSTS', async (path) => {
    const res = await request(t.server).get(path);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers behind an https public URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { PUBLIC_URL: 'https://stockpulse.example' });
  });
  afterAll(async () => t.close());

  it('sends HSTS', async () => {
    const res = await request(t.server).get('/api/config');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
