import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

describe('alert uniqueness, the per-user cap and verified SMS, against real Postgres', () => {
  let t: TestApp;
  let cookie: string;
  let stockIds: number[];
  beforeAll(async () => {
    t = await startTestApp({}, { MAX_ALERTS_PER_USER: '3' });
    cookie = await signedInCookie(t, 'alert-limits@example.com');
    stockIds = (
      await t.deps
        .db('stocks')
        .insert(['AAA', 'BBB', 'CCC', 'DDD'].map((ticker) => ({ ticker, name: `${ticker} Corp` })))
        .returning('id')
    ).map((r: { id: number }) => r.id);
  });
  afterAll(async () => t.close());

  const create = (body: object) => request(t.server).post('/api/alerts').set('Cookie', cookie).send(body);

  it('30 identical alerts created at once are one alert; the others get 409 with a message', async () => {
    const body = { stockId: stockIds[0], mentionThreshold: 500, windowMinutes: 60 };
    const responses = await Promise.all(Array.from({ length: 30 }, () => create(body)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    const conflicts = responses.filter((r) => r.status === 409);
    expect(conflicts).toHaveLength(29);
    expect(conflicts[0]!.body.message).toBe(
      'You already have an alert for this stock with the same threshold and window',
    );
    expect(await t.deps.db('alerts').where({ stock_id: stockIds[0] })).toHaveLength(1);
    // Another threshold or window on the same stock is a different alert.
    expect((await create({ ...body, windowMinutes: 240 })).status).toBe(201);
  });

  it('caps alerts per user (MAX_ALERTS_PER_USER), also for a burst sent at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create({ stockId: stockIds[1 + (i % 3)], mentionThreshold: 100 + i })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1); // 2 existed, the cap is 3
    const refused = responses.find((r) => r.status === 409)!;
    expect(refused.body.message).toBe('You have reached the limit of 3 alerts. Delete one to add another.');
    expect(
      await t.deps
        .db('alerts')
        .join('users', 'users.id', 'alerts.user_id')
        .where('users.email', 'alert-limits@example.com'),
    ).toHaveLength(3);
  });

  it('refuses SMS on an alert until the phone number is verified', async () => {
    const other = await signedInCookie(t, 'sms-limits@example.com');
    await t.deps.db('users').where({ email: 'sms-limits@example.com' }).update({ phone_number: '+14155550160' });
    const res = await request(t.server)
      .post('/api/alerts')
      .set('Cookie', other)
      .send({ stockId: stockIds[0], mentionThreshold: 10, smsEnabled: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      field: 'smsEnabled',
      message: 'SMS alerts need a verified phone number (verify it in Settings)',
    });
    await t.deps.db('users').where({ email: 'sms-limits@example.com' }).update({ phone_verified_at: new Date() });
    expect(
      (
        await request(t.server)
          .post('/api/alerts')
          .set('Cookie', other)
          .send({ stockId: stockIds[0], mentionThreshold: 10, smsEnabled: true })
      ).status,
    ).toBe(201);
  });
});
