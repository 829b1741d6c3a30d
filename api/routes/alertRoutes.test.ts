import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { createTestDatabase, uniqueTaskQueue, type TestDatabase } from '../../tests/support/testStores';
import { createMailer } from '../../domain/notifications/mailer';
import { createSmsSender } from '../../domain/notifications/smsSender';
import { startSmtpCapture, type SmtpCapture } from '../../domain/notifications/smtpCapture';
import { createTestEmailService } from '../alerts/testEmailService';
import { createTemporalDeliveryStarts } from '../services/temporalDeliveryStarts';
import { appLinks } from '../../core/appLinks';
import { startSendingWorker } from '../../tests/support/sendingWorker';
import { HttpError } from '../http/httpError';

describe('alerts, test e-mail and outbox API', () => {
  let t: TestApp;
  let mailbox: TestDatabase;
  let smtp: SmtpCapture;
  let alice: string;
  let bob: string;
  let admin: string;
  let amcId: number;

  beforeAll(async () => {
    // A real SMTP server with its own store, so the app's outbox holds only what the app itself captured.
    mailbox = await createTestDatabase();
    smtp = await startSmtpCapture({ db: mailbox.db, port: 0 });
    t = await startTestApp(
      {},
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        TEST_EMAILS_PER_HOUR: '3',
        PUBLIC_URL: 'https://stockpulse.test',
        COOKIE_SECURE: 'false',
      },
    );
    alice = await signedInCookie(t, 'alice@example.com');
    bob = await signedInCookie(t, 'bob@example.com');
    admin = await signedInCookie(t, 'boss@example.com', 'admin');
    [{ id: amcId }] = await t.database
      .db('stocks')
      .insert({ ticker: 'AMC', name: 'AMC Entertainment Holdings, Inc.' })
      .returning('id');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
    await mailbox?.drop();
  });

  const post = (cookie: string | null, body: unknown) => {
    const req = request(t.server).post('/api/alerts');
    if (cookie) req.set('Cookie', cookie);
    return req.send(body as object);
  };

  it('creates an alert with the default settings and lists it with its stock', async () => {
    expect((await request(t.server).get('/api/alerts').set('Cookie', alice)).body).toEqual([]);
    const created = await post(alice, { stockId: amcId, mentionThreshold: 1000 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      stockId: amcId,
      mentionThreshold: 1000,
      windowMinutes: 1440,
      emailEnabled: true,
      smsEnabled: false,
      isActive: true,
      lastTriggeredAt: null,
      stock: { ticker: 'AMC', name: 'AMC Entertainment Holdings, Inc.' },
    });
    const list = await request(t.server).get('/api/alerts').set('Cookie', alice);
    expect(list.body).toEqual([created.body]);
  });

  it.each([
    [{ mentionThreshold: 10 }, 'stockId', 'stockId is required'],
    [{ stockId: 'AMC', mentionThreshold: 10 }, 'stockId', 'stockId is required'],
    [{ stockId: 999999, mentionThreshold: 10 }, 'stockId', 'Stock not found'],
    [{ stockId: 1 }, 'mentionThreshold', 'mentionThreshold must be a number'],
    [{ stockId: 1, mentionThreshold: 0 }, 'mentionThreshold', 'mentionThreshold must be at least 1'],
    [{ stockId: 1, mentionThreshold: 2.5 }, 'mentionThreshold', 'mentionThreshold must be a whole number'],
    [{ stockId: 1, mentionThreshold: '100' }, 'mentionThreshold', 'mentionThreshold must be a number'],
    [{ stockId: 1, mentionThreshold: 10, emailEnabled: 'yes' }, 'emailEnabled', 'emailEnabled must be true or false'],
    [{ stockId: 1, mentionThreshold: 10, windowMinutes: 30 }, 'windowMinutes', 'windowMinutes must be 60, 240 or 1440'],
  ])('rejects %j with 400 naming %s', async (body, field, message) => {
    if ('stockId' in body && body.stockId === 1) body = { ...body, stockId: amcId };
    const res = await post(alice, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field, message });
  });

  it('refuses SMS on an alert while the user has no phone number', async () => {
    const res = await post(bob, { stockId: amcId, mentionThreshold: 5, smsEnabled: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'smsEnabled' });
  });

  it("keeps each user's alerts to their owner: another user's id reads as 404", async () => {
    const mine = (await post(bob, { stockId: amcId, mentionThreshold: 7, emailEnabled: false })).body;
    const aliceList = (await request(t.server).get('/api/alerts').set('Cookie', alice)).body as Array<{ id: number }>;
    expect(aliceList.map((a) => a.id)).not.toContain(mine.id);
    const aliceId = aliceList[0]!.id;
    for (const res of [
      await request(t.server).delete(`/api/alerts/${aliceId}`).set('Cookie', bob),
      await request(t.server).patch(`/api/alerts/${aliceId}`).set('Cookie', bob).send({ isActive: false }),
      await request(t.server).delete('/api/alerts/not-a-number').set('Cookie', bob),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Alert not found' });
    }
    expect(await t.database.db('alerts').where({ id: aliceId }).first('is_active')).toEqual({ is_active: true });

    const toggled = await request(t.server)
      .patch(`/api/alerts/${mine.id}`)
      .set('Cookie', bob)
      .send({ isActive: false });
    expect(toggled.status).toBe(200);
    expect(toggled.body).toMatchObject({ id: mine.id, isActive: false });
    expect((await request(t.server).patch(`/api/alerts/${mine.id}`).set('Cookie', bob).send({})).status).toBe(400);

    expect((await request(t.server).delete(`/api/alerts/${mine.id}`).set('Cookie', bob)).status).toBe(200);
    expect((await request(t.server).delete(`/api/alerts/${mine.id}`).set('Cookie', bob)).status).toBe(404);
    expect((await request(t.server).get('/api/alerts').set('Cookie', bob)).body).toEqual([]);
  });

  it('answers signed-out alert calls with 401 {"message":"Unauthorized"}, the text the dashboard matches', async () => {
    for (const res of [
      await post(null, { stockId: amcId, mentionThreshold: 5 }),
      await request(t.server).delete('/api/alerts/1'),
      await request(t.server).get('/api/alerts'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.text).toBe('{"message":"Unauthorized"}');
      expect(`${res.status}: ${res.text}`).toMatch(/^401: .*Unauthorized/);
    }
  });

  it('POST /api/test-email sends a real message to the signed-in user, limited per hour', async () => {
    const res = await request(t.server).post('/api/test-email').set('Cookie', alice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Test email sent to alice@example.com', sentTo: 'alice@example.com' });
    const received = await mailbox.db('outbox_messages').select('recipients', 'subject', 'text_body', 'html_body');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ recipients: ['alice@example.com'], subject: 'StockPulse test email' });
    expect(received[0].text_body).toContain('https://stockpulse.test/dashboard');
    expect(received[0].html_body).toContain('not financial advice');
    expect(await t.database.db('notifications').select('kind', 'channel', 'status', 'recipient')).toEqual([
      { kind: 'test', channel: 'email', status: 'sent', recipient: 'alice@example.com' },
    ]);

    await request(t.server).post('/api/test-email').set('Cookie', alice);
    await request(t.server).post('/api/test-email').set('Cookie', alice);
    const limited = await request(t.server).post('/api/test-email').set('Cookie', alice);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many test emails: 3 per hour\. Try again in \d+ minute\(s\)\.$/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await request(t.server).post('/api/test-email').set('Cookie', bob)).status).toBe(200); // per user
  });

  it('answers 502 with the reason when the SMTP server cannot be reached, and records the failed attempt', async () => {
    // A worker whose SMTP server is unreachable, on its own task queue, runs this service's delivery workflows.
    const taskQueue = uniqueTaskQueue('unreachable-smtp');
    const unreachable = {
      mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.com' }),
      sms: createSmsSender(t.database.db, {}),
      dashboardUrl: 'https://x.test/dashboard',
    };
    const worker = await startSendingWorker({
      db: t.database.db,
      taskQueue,
      links: appLinks('https://x.test'),
      notifications: unreachable,
      webhooks: { allowPrivateTargets: false },
    });
    const [{ id }] = await t.database
      .db('users')
      .insert({ email: 'carol@example.com', password_hash: 'x' })
      .returning('id');
    const deliveries = createTemporalDeliveryStarts({ temporal: t.deps.temporal, taskQueue });
    const failure = await createTestEmailService(t.database.db, deliveries, { perHour: 5, waitMs: 15_000 })
      .send(id)
      .catch((err: unknown) => err);
    await worker.stop(); // its retries would keep the row moving between sending and failed
    unreachable.mailer.close();
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 502, message: expect.stringMatching(/^Failed to send test email: /) });
    expect(await t.database.db('notifications').where({ recipient: 'carol@example.com' }).select('status')).toEqual([
      { status: 'failed' },
    ]);
  });

  it('GET /api/admin/outbox lists captured messages newest first, paginated, for admins only', async () => {
    await t.database.db('outbox_messages').insert(
      Array.from({ length: 3 }, (_, i) => ({
        channel: 'sms',
        sender: 'StockPulse',
        recipients: [`+1415555010${i}`],
        text_body: `sms ${i}`,
        received_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    expect((await request(t.server).get('/api/admin/outbox').set('Cookie', alice)).status).toBe(403);
    const page1 = await request(t.server).get('/api/admin/outbox?limit=2').set('Cookie', admin);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 3, totalPages: 2 });
    expect(page1.body.messages.map((m: { text: string }) => m.text)).toEqual(['sms 2', 'sms 1']);
    const page2 = await request(t.server).get('/api/admin/outbox?limit=2&page=2').set('Cookie', admin);
    expect(
      page2.body.messages.map((m: { text: string; channel: string; to: string[] }) => [m.text, m.channel, m.to]),
    ).toEqual([['sms 0', 'sms', ['+14155550100']]]);
    expect((await request(t.server).get('/api/admin/outbox?limit=500').set('Cookie', admin)).body).toMatchObject({
      field: 'limit',
    });
  });
});
