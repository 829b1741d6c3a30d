import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { uniqueTaskQueue } from '../../tests/support/testStores';

/**
 * The platform-wide jobs a user can start (no worker polls this queue, so a run that reaches Temporal answers 503 at
 * once: what is counted here is how many requests reach it).
 */
describe('on-demand jobs: one run for concurrent requests, one a minute per user, admins exempt', () => {
  let t: TestApp;
  const taskQueue = uniqueTaskQueue('on-demand');
  const post = (path: string, cookie: string) => request(t.server).post(path).set('Cookie', cookie).send({});

  beforeAll(async () => {
    t = await startTestApp({}, { TEMPORAL_TASK_QUEUE: taskQueue });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it.each(['/api/stocks/refresh-prices', '/api/detect-trends'])(
    '%s: a burst of 30 from one user starts one run; the rest get 429 with Retry-After',
    async (path) => {
      const cookie = await signedInCookie(t, `burst-${path.length}@example.com`);
      const responses = await Promise.all(Array.from({ length: 30 }, () => post(path, cookie)));
      const limited = responses.filter((r) => r.status === 429);
      expect(limited).toHaveLength(29);
      expect(responses.filter((r) => r.status !== 429).map((r) => r.status)).toEqual([503]);
      for (const res of limited) {
        expect(res.body.message).toMatch(
          /^Too many (price refreshes|trend detections): one a minute\. Try again in \d+ second\(s\)\.$/,
        );
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
    },
  );

  it('concurrent requests of different users share one run', async () => {
    const service = t.deps.temporal.workflowService;
    const original = service.describeTaskQueue.bind(service);
    // Temporal answers slowly, so the run is still in flight when every request has passed its limit check.
    const checks = vi
      .spyOn(service, 'describeTaskQueue')
      .mockImplementation(async (...args: Parameters<typeof original>) => {
        await new Promise((r) => setTimeout(r, 1500));
        return await original(...args);
      });
    const cookies = await Promise.all([1, 2, 3, 4].map((i) => signedInCookie(t, `share-${i}@example.com`)));
    const before = checks.mock.calls.length;
    const responses = await Promise.all(cookies.map((cookie) => post('/api/detect-trends', cookie)));
    expect(responses.map((r) => r.status)).toEqual([503, 503, 503, 503]);
    expect(new Set(responses.map((r) => r.body.message)).size).toBe(1);
    expect(checks.mock.calls.length - before).toBe(1);
    checks.mockRestore();
  });

  it('admins are not limited', async () => {
    const admin = await signedInCookie(t, 'jobs-admin@example.com', 'admin');
    for (let i = 0; i < 3; i++) expect((await post('/api/stocks/refresh-prices', admin)).status).toBe(503);
  });

  it('init-data: one a minute per user', async () => {
    const cookie = await signedInCookie(t, 'init-limit@example.com');
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => post('/api/init-data', cookie))))
      .map((r) => r.status)
      .sort();
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('Download My Data: 5 per user per hour, then 429 with Retry-After', async () => {
    const cookie = await signedInCookie(t, 'export-limit@example.com');
    for (let i = 0; i < 5; i++)
      expect((await request(t.server).get('/api/user/export').set('Cookie', cookie)).status).toBe(200);
    const limited = await request(t.server).get('/api/user/export').set('Cookie', cookie);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many data downloads: 5 an hour\. Try again in \d+ minute\(s\)\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
  });
});
