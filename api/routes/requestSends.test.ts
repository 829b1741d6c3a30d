import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer, type Mailer } from '../../domain/notifications/mailer';
import { startSmtpCapture, type SmtpCapture } from '../../domain/notifications/smtpCapture';
import { notificationDeliveryId } from '../../workflows/definitions/notificationDelivery';
import { webhookDeliveryId } from '../../workflows/definitions/webhookDelivery';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { startWebhookReceiver, type WebhookReceiver } from '../../tests/support/webhookReceiver';

/**
 * Sends a request starts (account e-mails, the test e-mail, Send test of webhooks) take the alerts' durable path: a
 * delivery workflow each, with retries, recorded in notifications or the webhook log, and captured mail in the admin's
 * outbox. Here the SMTP server and the webhook receiver each refuse the first attempt.
 */
describe('sends started by a request go through their delivery workflow, and a refused first attempt is retried', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let realMailer: Mailer;
  let receiver: WebhookReceiver;
  /** Addresses whose next e-mail the SMTP server refuses once. */
  const refuseOnce = new Set<string>();

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ answer: (n) => (n === 1 ? 503 : 200) });
    t = await startTestApp(
      { resolveHost: async (host) => (host === 'receiver.example' ? ['127.0.0.1'] : []) },
      { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', PUBLIC_URL: 'https://stockpulse.test', COOKIE_SECURE: 'false' },
      {
        notifications: {
          dashboardUrl: 'https://stockpulse.test/dashboard',
          sms: { real: false, send: async () => 'SMunused' },
          // The SMTP capture keeps what it accepts in the app's outbox; the first e-mail to a marked address is refused.
          mailer: {
            async send(email) {
              if (refuseOnce.delete(email.to)) throw new Error('451 4.3.0 Try again later');
              return await realMailer.send(email);
            },
            close: () => realMailer.close(),
          },
        },
      },
    );
    smtp = await startSmtpCapture({ db: t.database.db, port: 0 });
    realMailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'StockPulse <alerts@stockpulse.test>',
    });
  });
  afterAll(async () => {
    await t?.close();
    realMailer?.close();
    await smtp?.stop();
    await receiver?.close();
  });

  const workflowOf = (workflowId: string) => t.deps.temporal.workflow.getHandle(workflowId);
  const outboxSubjects = async (admin: string) =>
    (await request(t.server).get('/api/admin/outbox?limit=100').set('Cookie', admin)).body.messages.map(
      (m: { to: string[]; subject: string }) => `${m.to[0]}: ${m.subject}`,
    );

  it('a test e-mail refused once answers 502, is retried by its workflow, and lands in the outbox', async () => {
    const admin = await signedInCookie(t, 'admin@example.com', 'admin');
    const user = await signedInCookie(t, 'erin@example.com');
    await t.database.db('users').where({ email: 'erin@example.com' }).update({ email_verified_at: new Date() });
    refuseOnce.add('erin@example.com');
    const res = await request(t.server).post('/api/test-email').set('Cookie', user);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Failed to send test email: 451 4.3.0 Try again later. It will be retried.');

    const row = await t.database.db('notifications').where({ recipient: 'erin@example.com', kind: 'test' }).first();
    const handle = workflowOf(notificationDeliveryId(row.idempotency_key));
    expect(await handle.result()).toEqual({ sent: 1, skipped: 0 });
    expect((await handle.describe()).type).toBe('notificationDelivery');
    expect(
      await t.database.db('notifications').where({ id: row.id }).first('status', 'attempts', 'provider_id'),
    ).toMatchObject({ status: 'sent', attempts: 2, provider_id: expect.any(String) });
    expect(await outboxSubjects(admin)).toContain('erin@example.com: StockPulse test email');
  });

  it('a password reset e-mail refused once is retried, and its link (issued at send time, never stored) works', async () => {
    const admin = await signedInCookie(t, 'boss@example.com', 'admin');
    await signedInCookie(t, 'frank@example.com');
    refuseOnce.add('frank@example.com');
    expect((await request(t.server).post('/api/password/forgot').send({ email: 'frank@example.com' })).status).toBe(
      200,
    );
    const row = await vi.waitFor(
      async () => {
        const found = await t.database.db('notifications').where({ recipient: 'frank@example.com' }).first();
        if (!found) throw new Error('not recorded yet');
        return found;
      },
      { timeout: 10_000 },
    );
    expect(row).toMatchObject({ kind: 'account', payload: { purpose: 'reset_password' } });
    // The route answers before the message is sent (the answer is the same for any address), and the workflow starts
    // just after the row is recorded: wait until it exists before reading its result.
    const handle = workflowOf(notificationDeliveryId(row.idempotency_key));
    await vi.waitFor(() => handle.describe(), { timeout: 10_000 });
    expect(await handle.result()).toEqual({ sent: 1, skipped: 0 });
    expect(await t.database.db('notifications').where({ id: row.id }).first('status', 'attempts')).toEqual({
      status: 'sent',
      attempts: 2,
    });
    expect(await outboxSubjects(admin)).toContain('frank@example.com: Reset your StockPulse password');
    const [mail] = await t.database
      .db('outbox_messages')
      .whereRaw("recipients @> '{frank@example.com}'")
      .select('text_body');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
    // The refused attempt's link was voided by the retry's: the one delivered is the one that works.
    const reset = await request(t.server)
      .post('/api/password/reset')
      .send({ token, password: 'brand-new-passphrase-7', confirmPassword: 'brand-new-passphrase-7' });
    expect(reset.status).toBe(200);
    expect(JSON.stringify(await t.database.db('notifications').where({ id: row.id }))).not.toContain(token);
  });

  it('Send test to a receiver that answers 503 once shows the failed attempt, then its workflow delivers it', async () => {
    const dave = await signedInCookie(t, 'dave@example.com');
    const added = await request(t.server)
      .post('/api/webhooks')
      .set('Cookie', dave)
      .send({ url: receiver.url('/hook', 'receiver.example') });
    expect(added.status).toBe(201);
    const sent = await request(t.server).post('/api/webhooks/test').set('Cookie', dave).send({});
    expect(sent.status).toBe(200);
    expect(sent.body.deliveries).toEqual([
      expect.objectContaining({
        status: 'failed',
        httpStatus: 503,
        attempts: 1,
        lastError: 'Receiver error: the receiver answered HTTP 503',
      }),
    ]);
    const id = sent.body.deliveries[0].id as number;
    const handle = workflowOf(webhookDeliveryId(id));
    expect(await handle.result()).toBe('delivered');
    expect((await handle.describe()).type).toBe('webhookDelivery');
    const log = await request(t.server).get('/api/webhooks/deliveries').set('Cookie', dave);
    expect(log.body).toEqual([expect.objectContaining({ id, status: 'delivered', httpStatus: 200, attempts: 2 })]);
    // Both attempts carried the same delivery key, so the receiver can drop a repeat.
    expect(receiver.received).toHaveLength(2);
    expect(receiver.distinctKeys()).toBe(1);
  });
});
