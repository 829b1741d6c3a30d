import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

const FOREIGN = 'https://evil.example';

/** Spellings of real state-changing routes that a case-insensitive router would have served. */
const variants: Array<[method: 'post' | 'delete', path: string]> = [
  ['post', '/API/SUBSCRIPTION/CANCEL'],
  ['post', '/Api/subscription/cancel'],
  ['post', '/API/LOGOUT'],
  ['post', '/API/ALERTS'],
  ['post', '/Api/test-email'],
  ['post', '/API/DETECT-TRENDS'],
  ['delete', '/API/USER/ACCOUNT'],
];

describe('no spelling of a path gets past the cross-origin and JSON-only checks', () => {
  let t: TestApp;
  let cookie: string;
  const email = 'spelling@example.com';
  const status = async () =>
    (await t.deps.db('users').where({ email }).first('subscription_status')).subscription_status as string;

  beforeAll(async () => {
    t = await startTestApp();
    cookie = await signedInCookie(t, email);
    await t.deps.db('users').where({ email }).update({ subscription_status: 'trialing' });
  });
  afterAll(async () => t.close());

  it.each(variants)('%s %s with a foreign Origin and a form body → 403, and nothing changes', async (method, path) => {
    const agent = request(t.server);
    const res = await agent[method](path).set('Cookie', cookie).set('Origin', FOREIGN).type('form').send('confirm=yes');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-origin request refused' });
    expect(await status()).toBe('trialing');
    expect((await request(t.server).get('/api/user').set('Cookie', cookie)).status).toBe(200);
  });

  it.each(variants)('%s %s from this site with a form body → 415', async (method, path) => {
    const res = await request(t.server)[method](path).set('Cookie', cookie).type('form').send('confirm=yes');
    expect(res.status).toBe(415);
    expect(await status()).toBe('trialing');
  });

  it.each(variants)(
    '%s %s as JSON from this site → 404: routes match only their own spelling',
    async (method, path) => {
      const res = await request(t.server)[method](path).set('Cookie', cookie).send({});
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/^No API route/);
      expect(await status()).toBe('trialing');
    },
  );

  it('a foreign Origin on a path outside /api is refused too (no prefix to spell around)', async () => {
    const res = await request(t.server)
      .post('/%61pi/subscription/cancel')
      .set('Cookie', cookie)
      .set('Origin', FOREIGN)
      .type('form')
      .send('x=1');
    expect(res.status).toBe(403);
    expect(await status()).toBe('trialing');
  });

  it('the real spelling still works from this site', async () => {
    const res = await request(t.server).post('/api/subscription/cancel').set('Cookie', cookie).send({});
    expect(res.status).toBe(200);
    expect(await status()).toBe('cancelled');
  });
});
