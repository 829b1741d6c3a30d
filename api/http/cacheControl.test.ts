import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

// One app at a time: chDB opens one data directory per process.
describe('Cache-Control on /api answers', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    cookie = await signedInCookie(t, 'cache-control@example.com');
  });
  afterAll(async () => t.close());

  it.each(['/api/user', '/api/webhooks', '/api/user/export'])(
    '%s (personal data or the signing secret) is no-store',
    async (path) => {
      const res = await request(t.server).get(path).set('Cookie', cookie);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    },
  );

  it('every signed-in read says private at least, and so does its 401', async () => {
    const paths = [
      '/api/status',
      '/api/stocks',
      '/api/trending-now',
      '/api/alerts',
      '/api/watchlist',
      '/api/alert-settings',
      '/api/webhooks/deliveries',
      '/api/alerts/outcomes',
    ];
    for (const path of paths) {
      const res = await request(t.server).get(path).set('Cookie', cookie);
      expect(res.headers['cache-control'], path).toMatch(/^private, /);
      const anonymous = await request(t.server).get(path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.headers['cache-control'], path).toBe('private, no-store');
    }
  });

  it('sign-in, which returns the user and sets the session, is no-store', async () => {
    const res = await request(t.server)
      .post('/api/login')
      .send({ email: 'cache-control@example.com', password: 'test-password' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
