import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie } from '../tests/support/signIn';
import { startTestApp, type TestApp } from '../tests/support/testApp';
import { hashPassword } from '../platform/passwordHasher';
import { apiRoutes } from './app';
import type { Access } from './http/access';

/**
 * The access every /api route must declare. A route mounted without an entry here fails this test,
 * so a new route cannot ship without someone deciding who may call it.
 */
const expectedAccess: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/config': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'GET /api/login': 'public',
  'POST /api/logout': 'public',
  'GET /api/user': 'user',
  'PATCH /api/user/profile': 'user',
  'DELETE /api/user/account': 'user',
  'GET /api/user/export': 'user',
  'GET /api/status': 'user',
  'POST /api/init-data': 'user',
  'GET /api/stocks': 'user',
  'GET /api/stocks/:ticker/historical': 'user',
  'GET /api/stocks/:ticker/session': 'user',
  'GET /api/stocks/:ticker/posts': 'user',
  'GET /api/trending-now': 'user',
  'POST /api/stocks/refresh-prices': 'user',
  'POST /api/detect-trends': 'user',
  'POST /api/newsletter': 'public',
  'GET /api/admin/stats': 'admin',
  'GET /api/admin/retention': 'admin',
  'GET /api/admin/users': 'admin',
  'PUT /api/admin/users/:id/role': 'admin',
  'PUT /api/admin/users/:id/deactivate': 'admin',
  'PUT /api/admin/users/:id/subscription': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'GET /api/admin/platform-settings': 'admin',
  'POST /api/admin/platform-settings': 'admin',
  'GET /api/admin/pipelines/quota': 'admin',
  'GET /api/admin/pipelines/prices': 'admin',
  'GET /api/admin/pipelines/runs': 'admin',
  'POST /api/admin/pipelines/scans': 'admin',
  'POST /api/admin/pipelines/reruns': 'admin',
  'GET /api/admin/pipelines/rescore': 'admin',
  'POST /api/admin/pipelines/rescore': 'admin',
  'GET /api/admin/pipelines/labels': 'admin',
  'GET /api/admin/ambiguous-symbols': 'admin',
  'PUT /api/admin/ambiguous-symbols': 'admin',
  'GET /api/admin/former-symbols': 'admin',
  'PUT /api/admin/former-symbols': 'admin',
  'GET /api/admin/ticker-changes': 'admin',
  'GET /api/openapi.json': 'public',
  'GET /api/alerts': 'user',
  'POST /api/alerts': 'user',
  'PATCH /api/alerts/:id': 'user',
  'DELETE /api/alerts/:id': 'user',
  'POST /api/test-email': 'user',
  'GET /api/watchlist': 'user',
  'PUT /api/watchlist': 'user',
  'GET /api/alert-settings': 'user',
  'PUT /api/alert-settings': 'user',
  'GET /api/admin/outbox': 'admin',
  'GET /api/webhooks': 'user',
  'POST /api/webhooks': 'user',
  'DELETE /api/webhooks/:id': 'user',
  'POST /api/webhooks/secret': 'user',
  'GET /api/webhooks/deliveries': 'user',
  'POST /api/webhooks/test': 'user',
  'PUT /api/alerts/:id/webhook': 'user',
  'DELETE /api/alerts/:id/webhook': 'user',
  'GET /api/alerts/outcomes': 'user',
  'GET /api/admin/alert-outcomes': 'admin',
  'POST /api/create-setup-intent': 'public',
  'POST /api/register-with-trial': 'public',
  'POST /api/create-subscription': 'user',
  'POST /api/subscription/cancel': 'user',
  'POST /api/stripe/webhook': 'public',
  'POST /api/admin/users/:id/cancel-subscription': 'admin',
  'POST /api/admin/users/:id/extend-trial': 'admin',
  'POST /api/user/password': 'user',
  'POST /api/user/email-verification': 'user',
  'POST /api/verify-email': 'public',
  'POST /api/user/phone/code': 'user',
  'POST /api/user/phone/verify': 'user',
  'POST /api/password/forgot': 'public',
  'POST /api/password/reset': 'public',
  'GET /api/api-keys': 'user',
  'POST /api/api-keys': 'user',
  'DELETE /api/api-keys/:id': 'user',
  'GET /api/admin/api-keys': 'admin',
  'GET /api/v1/stocks': 'apiKey',
  'GET /api/v1/stocks/:ticker': 'apiKey',
  'GET /api/v1/stocks/:ticker/mentions': 'apiKey',
  'GET /api/v1/stocks/:ticker/posts': 'apiKey',
  'GET /api/v1/trending': 'apiKey',
  'GET /api/v1/alerts/outcomes': 'apiKey',
  'GET /api/v1/openapi.json': 'public',
};

const password = 'access-matrix-pw';

describe('access matrix: every /api route enforces its declared access on the server', () => {
  let t: TestApp;
  let userCookie: string;
  let adminCookie: string;

  const signIn = (email: string) => loginCookie(t.server, email, password);

  beforeAll(async () => {
    t = await startTestApp();
    const passwordHash = await hashPassword(password);
    await t.database.db('users').insert([
      { email: 'matrix-user@example.com', password_hash: passwordHash, role: 'user' },
      { email: 'matrix-admin@example.com', password_hash: passwordHash, role: 'admin' },
    ]);
    userCookie = await signIn('matrix-user@example.com');
    adminCookie = await signIn('matrix-admin@example.com');
  });
  afterAll(async () => t.close());

  it('declares an access level for every mounted route, matching the table', () => {
    const mounted = Object.fromEntries(apiRoutes(t.deps).map((r) => [`${r.method} ${r.path}`, r.access]));
    expect(mounted).toEqual(expectedAccess);
  });

  // Routes that end the caller's session or account run last for each caller, so they are excluded from the generic sweep.
  const destructive = new Set(['DELETE /api/user/account', 'POST /api/logout']);
  const sweep = Object.entries(expectedAccess).filter(([key]) => !destructive.has(key));

  const call = (key: string, cookie?: string) => {
    const [method, path] = key.split(' ') as [string, string];
    const concrete = path.replace(/:(\w+)/g, '00000000-0000-0000-0000-000000000000');
    const req = request(t.server)[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](concrete);
    if (cookie) req.set('Cookie', cookie);
    return method === 'GET' ? req : req.send({});
  };

  it.each(sweep)('%s (%s)', async (key, access) => {
    const anonymous = await call(key);
    const asUser = await call(key, userCookie);
    const asAdmin = await call(key, adminCookie);
    if (access === 'public') {
      for (const res of [anonymous, asUser, asAdmin]) expect([401, 403]).not.toContain(res.status);
    } else if (access === 'apiKey') {
      // Only an API key opens the public API: no session cookie does, an admin's included (publicApiRoutes.test.ts calls them with keys).
      for (const res of [anonymous, asUser, asAdmin]) {
        expect(res.status).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    } else if (access === 'user') {
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ message: 'Unauthorized' });
      for (const res of [asUser, asAdmin]) expect([401, 403]).not.toContain(res.status);
    } else {
      expect(anonymous.status).toBe(401);
      expect(asUser.status).toBe(403);
      expect([401, 403]).not.toContain(asAdmin.status);
    }
    // 503 is a deliberate answer (health without a worker here); 500 never is.
    for (const res of [anonymous, asUser, asAdmin]) expect(res.status).not.toBe(500);
  });

  it('DELETE /api/user/account is 401 anonymously', async () => {
    expect((await call('DELETE /api/user/account')).status).toBe(401);
  });
});
