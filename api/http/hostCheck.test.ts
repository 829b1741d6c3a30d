import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

// One app at a time: chDB opens one data directory per process.
describe('Host header and cross-site requests (embedded, PUBLIC_URL http://stockpulse.example behind a proxy)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp({}, { PUBLIC_URL: 'http://stockpulse.example', TRUST_PROXY: 'true' });
    cookie = await signedInCookie(t, 'host-check@example.com');
  });
  afterAll(async () => t.close());

  it('answers the public host and loopback names', async () => {
    for (const host of ['stockpulse.example', 'localhost:3000', '127.0.0.1', '[::1]:8080']) {
      const res = await request(t.server).get('/api/config').set('Host', host);
      expect(res.status, host).toBe(200);
    }
  });

  it.each(['evil.example', 'stockpulse.example.evil.example', 'stockpulse.example:8443', '10.0.0.5:3000'])(
    'Host %s → 421 naming the site, on the API and the pages',
    async (host) => {
      const api = await request(t.server).get('/api/config').set('Host', host);
      expect(api.status).toBe(421);
      expect(api.body.message).toBe(`This server does not answer for the host "${host}": use stockpulse.example`);
      expect((await request(t.server).get('/').set('Host', host)).status).toBe(421);
    },
  );

  it('a forged Host cannot make a foreign Origin look like the site (the CSRF comparison)', async () => {
    const res = await request(t.server)
      .post('/api/logout')
      .set('Host', 'evil.example')
      .set('Origin', 'http://evil.example')
      .set('Cookie', cookie);
    expect(res.status).toBe(421);
    // Behind the trusted proxy, X-Forwarded-Host is the host; it is checked the same way.
    const forwarded = await request(t.server)
      .post('/api/logout')
      .set('X-Forwarded-Host', 'evil.example')
      .set('Origin', 'https://evil.example')
      .set('Cookie', cookie);
    expect(forwarded.status).toBe(421);
    expect((await request(t.server).get('/api/user').set('Cookie', cookie)).status).toBe(200);
  });

  it('health probes answer whatever the Host', async () => {
    expect((await request(t.server).get('/api/health/live').set('Host', '10.0.0.5:3000')).status).toBe(200);
  });

  it('a state-changing request with no Origin or Referer but Sec-Fetch-Site: cross-site is refused', async () => {
    const res = await request(t.server).post('/api/logout').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site request refused' });
    expect((await request(t.server).get('/api/user').set('Cookie', cookie)).status).toBe(200);
    // Same-origin and same-site browser requests, and clients that send none of the headers, pass.
    expect(
      (
        await request(t.server)
          .patch('/api/user/profile')
          .set('Cookie', cookie)
          .set('Sec-Fetch-Site', 'same-origin')
          .send({ firstName: 'Ada' })
      ).status,
    ).toBe(200);
    expect(
      (await request(t.server).patch('/api/user/profile').set('Cookie', cookie).send({ firstName: 'Ada' })).status,
    ).toBe(200);
    // A cross-site GET (a link followed from another site) still works.
    expect(
      (await request(t.server).get('/api/user').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site')).status,
    ).toBe(200);
  });
});

describe('Host header in distributed mode with a public URL', () => {
  it('loopback is not the site there', async () => {
    const { hostCheck } = await import('./hostCheck');
    const Koa = (await import('koa')).default;
    const { errorMiddleware } = await import('./errorMiddleware');
    const app = new Koa();
    app.use(errorMiddleware);
    app.use(hostCheck({ publicHost: 'app.example.com', allowLoopback: false }));
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    const server = app.listen(0, '127.0.0.1');
    try {
      expect((await request(server).get('/api/config').set('Host', 'localhost:3000')).status).toBe(421);
      expect((await request(server).get('/api/config').set('Host', 'APP.example.com')).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
