import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

describe('POST /api/newsletter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('stores a new address once, whatever its letter case, and answers a known address exactly as a new one', async () => {
    const first = await request(t.server).post('/api/newsletter').send({ email: ' Reader@Example.com ' });
    const again = await request(t.server).post('/api/newsletter').send({ email: 'reader@example.COM' });
    for (const res of [first, again]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ subscribed: true });
    }
    expect(again.text).toBe(first.text);
    expect(await t.database.db('newsletter_subscribers').pluck('email')).toEqual(['reader@example.com']);
  });

  it.each([[{}], [{ email: 'nope' }], [{ email: '<script>@x' }], [{ email: 42 }]])(
    'rejects %j with 400 naming the field',
    async (body) => {
      const res = await request(t.server).post('/api/newsletter').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Please enter a valid email address', field: 'email' });
    },
  );
});
