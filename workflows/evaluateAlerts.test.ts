import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { MINUTE, HOUR, mentionAt } from '../tests/support/mentionRows';
import { testActivities } from '../tests/support/testActivities';
import { createTestDatabase, createTestWarehouse, uniqueTaskQueue, type TestDatabase, type TestWarehouse } from '../tests/support/testStores';
import { startTwilioEndpoint, type TwilioEndpoint } from '../tests/support/twilioEndpoint';
import { insertMentions } from '../warehouse/queries/insertMentions';
import type { evaluateAlerts, scanPlatform, weeklyDigest } from './definitions';
import { evaluateAlertsAfterScanId } from './definitions/scanPlatform';
import { createMailer } from './notifications/mailer';
import { createSmsSender } from './notifications/smsSender';
import { startSmtpCapture, type SmtpCapture } from './notifications/smtpCapture';
import { startWorker, type RunningWorker } from './worker';

const twilio = { accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'test-auth-token' };
let clock = new Date('2026-11-20T15:30:00Z').getTime();
const now = () => new Date(clock);

describe('EvaluateAlerts on the real Temporal dev server, chDB, Postgres, an SMTP server and a Twilio-shaped endpoint', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  let smtp: SmtpCapture;
  let sms: TwilioEndpoint;
  let worker: RunningWorker;
  let client: Client;
  let closeMailer = () => {};
  const taskQueue = uniqueTaskQueue('alerts');
  /** Recipients whose next send fails right after the provider accepted it (before it is recorded). */
  const failAfterSend = new Set<string>();
  let run = 0;

  const emails = async (to?: string) => {
    const rows = await database.db('outbox_messages').where('channel', 'email').orderBy('id').select('recipients', 'subject', 'text_body', 'html_body');
    return to ? rows.filter((r) => r.recipients.includes(to)) : rows;
  };
  const texts = (to?: string) => (to ? sms.received.filter((m) => m.to === to) : sms.received);
  const evaluate = () => client.workflow.execute<typeof evaluateAlerts>('evaluateAlerts', { taskQueue, workflowId: `evaluate-alerts-${taskQueue}-${++run}` });
  const mentions = (ticker: string, count: number, at = clock - 10 * MINUTE) => insertMentions(store.warehouse, Array.from({ length: count }, (_, i) => mentionAt(ticker, at + i * 1000, { label: 'bullish' })));

  async function user(email: string, fields: Record<string, unknown> = {}): Promise<string> {
    const [row] = await database.db('users')
      .insert({ email, password_hash: 'x', subscription_status: 'active', phone_number: '+14155550100', phone_verified_at: new Date(), sms_alerts: true, ...fields })
      .returning('id');
    return row.id as string;
  }
  async function stock(ticker: string): Promise<number> {
    const [row] = await database.db('stocks').insert({ ticker, name: `${ticker} Inc.`, price: '12.34', change_percent: '1.50', sentiment: 'bullish' }).returning('id');
    return row.id as number;
  }
  const alert = async (userId: string, stockId: number, fields: Record<string, unknown> = {}) =>
    (await database.db('alerts').insert({ user_id: userId, stock_id: stockId, mention_threshold: 5, window_minutes: 60, email_enabled: true, sms_enabled: true, ...fields }).returning('id'))[0].id as number;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createTestWarehouse();
    smtp = await startSmtpCapture({ db: database.db, port: 0 });
    sms = await startTwilioEndpoint(twilio);
    const notifications = {
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'StockPulse <alerts@stockpulse.app>' }),
      sms: createSmsSender(database.db, { ...twilio, fromNumber: '+15005550006', apiUrl: sms.url }),
      dashboardUrl: 'https://stockpulse.test/dashboard',
    };
    closeMailer = () => notifications.mailer.close();
    const deliveryHooks = {
      async afterSend(id: number) {
        const row = await database.db('notifications').where({ id }).first('recipient', 'channel');
        if (row.channel === 'email' && failAfterSend.delete(row.recipient)) throw new Error('injected failure after sending, before recording');
      },
    };
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(database.db, store.warehouse, { now, notifications, deliveryHooks }),
    });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await worker?.stop();
    await client?.connection.close();
    closeMailer();
    await smtp?.stop();
    await sms?.close();
    await store?.close();
    await database?.drop();
  });
  beforeEach(() => {
    clock += 3 * HOUR; // every test starts with empty windows
  });

  it('a crossing sends one e-mail and one SMS; staying above sends nothing more; below then above again sends again', async () => {
    const amc = await stock('AMC');
    const id = await alert(await user('crosser@example.com'), amc);

    await mentions('AMC', 5);
    expect(await evaluate()).toMatchObject({ evaluated: 1, crossed: 0, sent: 0 }); // 5 is not above 5
    await mentions('AMC', 1);
    expect(await evaluate()).toMatchObject({ crossed: 1, sent: 2, failedBatches: 0 });

    const [mail] = await emails('crosser@example.com');
    expect(mail.subject).toBe('AMC alert: 6 mentions (threshold 5)');
    for (const body of [mail.text_body, mail.html_body]) {
      for (const part of ['AMC', '6', '5', 'bullish', '$12.34', 'https://stockpulse.test/dashboard', 'not financial advice']) expect(body).toContain(part);
    }
    expect(texts('+14155550100')).toHaveLength(1);
    expect(texts()[0]).toMatchObject({ from: '+15005550006', accountSid: twilio.accountSid });
    expect(texts()[0]!.body).toContain('AMC has 6 mentions in 1 hour (threshold 5)');

    await mentions('AMC', 10);
    expect(await evaluate()).toMatchObject({ crossed: 0, sent: 0 });
    expect(await evaluate()).toMatchObject({ crossed: 0, sent: 0 });
    expect(await emails('crosser@example.com')).toHaveLength(1);
    expect(texts('+14155550100')).toHaveLength(1);

    clock += 2 * HOUR; // the hour's mentions leave the window
    expect(await evaluate()).toMatchObject({ crossed: 0, rearmed: 1, sent: 0 });
    await mentions('AMC', 7);
    expect(await evaluate()).toMatchObject({ crossed: 1, sent: 2 });
    expect(await emails('crosser@example.com')).toHaveLength(2);
    expect(texts('+14155550100')).toHaveLength(2);

    const rows = await database.db('notifications').where('alert_id', id).orderBy('id').select('idempotency_key', 'status', 'channel');
    expect(rows).toEqual([
      { idempotency_key: `alert:${id}:crossing:1:email`, status: 'sent', channel: 'email' },
      { idempotency_key: `alert:${id}:crossing:1:sms`, status: 'sent', channel: 'sms' },
      { idempotency_key: `alert:${id}:crossing:2:email`, status: 'sent', channel: 'email' },
      { idempotency_key: `alert:${id}:crossing:2:sms`, status: 'sent', channel: 'sms' },
    ]);
    await database.db('alerts').where({ id }).update({ is_active: false });
  });

  it('a failure after sending and before recording is retried by Temporal without a second e-mail', async () => {
    const gme = await stock('GME');
    const id = await alert(await user('retried@example.com', { phone_number: null, sms_alerts: false }), gme);
    failAfterSend.add('retried@example.com');
    await mentions('GME', 8);
    const result = await evaluate();
    expect(failAfterSend.has('retried@example.com')).toBe(false); // the fault fired
    expect(result).toMatchObject({ crossed: 1, sent: 0, failedBatches: 0 }); // the retry found the send already claimed
    expect(await emails('retried@example.com')).toHaveLength(1);
    // Later evaluations do not pick it up again either.
    await evaluate();
    expect(await emails('retried@example.com')).toHaveLength(1);
    const row = await database.db('notifications').where('alert_id', id).first('status', 'attempts');
    expect(row).toEqual({ status: 'sending', attempts: 1 });
    await database.db('alerts').where({ id }).update({ is_active: false });
  });

  it('disabled channels, users who turned a channel off, SMS without a phone, unverified addresses and phones, ended trials and unsubscribed users receive nothing', async () => {
    const tsla = await stock('TSLA');
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ['both-off@example.com', {}, { email_enabled: false, sms_enabled: false }],
      ['settings-off@example.com', { email_alerts: false, sms_alerts: false }, {}],
      ['inactive-sub@example.com', { subscription_status: 'inactive' }, {}],
      ['cancelled@example.com', { subscription_status: 'cancelled' }, {}],
      ['deactivated@example.com', { is_active: false }, {}],
      ['unverified@example.com', { email_verified_at: null }, {}],
      ['expired@example.com', { subscription_status: 'expired' }, {}],
      // Past its end but not yet marked expired by the daily run: no alerts already.
      ['trial-over@example.com', { subscription_status: 'trialing', trial_end_date: new Date(clock - HOUR) }, {}],
    ];
    for (const [email, userFields, alertFields] of cases) await alert(await user(email, { phone_number: null, ...userFields }), tsla, alertFields);
    await alert(await user('sms-only@example.com', { phone_number: '+14155550199' }), tsla, { email_enabled: false });
    await alert(await user('no-phone@example.com', { phone_number: null }), tsla, { email_enabled: false });
    await alert(await user('unverified-phone@example.com', { phone_number: '+14155550198', phone_verified_at: null }), tsla, { email_enabled: false });
    await alert(await user('trial@example.com', { subscription_status: 'trialing', trial_end_date: new Date(clock + 2 * HOUR), sms_alerts: false }), tsla);

    const sentBefore = texts().length;
    await mentions('TSLA', 6);
    expect(await evaluate()).toMatchObject({ crossed: 12, sent: 2 });
    for (const [email] of cases) expect(await emails(email)).toEqual([]);
    expect(await emails('no-phone@example.com')).toEqual([]);
    expect(texts().slice(sentBefore).map((m) => m.to)).toEqual(['+14155550199']);
    expect(await emails('trial@example.com')).toHaveLength(1);
    expect(texts('+14155550100').filter((m) => m.body.includes('TSLA'))).toEqual([]); // trial user turned SMS off
  });

  it('every scan starts EvaluateAlerts as an abandoned child with a stable id per scan', async () => {
    const scanId = `scan-youtube-${taskQueue}`;
    await client.workflow.execute<typeof scanPlatform>('scanPlatform', { taskQueue, workflowId: scanId, args: [{ platform: 'youtube' }] });
    const child = client.workflow.getHandle<typeof evaluateAlerts>(evaluateAlertsAfterScanId(scanId));
    expect(child.workflowId).toBe(`evaluate-alerts-after-${scanId}`);
    expect(await child.result()).toMatchObject({ failedBatches: 0 });
  });

  it('the weekly digest e-mails subscribers with weeklyDigest on, once per week', async () => {
    await database.db('alerts').update({ is_active: false });
    const nvda = await stock('NVDA');
    await alert(await user('digest@example.com'), nvda);
    await user('no-digest@example.com', { weekly_digest: false });
    await mentions('NVDA', 3);
    const first = await client.workflow.execute<typeof weeklyDigest>('weeklyDigest', { taskQueue, workflowId: `digest-${taskQueue}-1` });
    expect(first.failedBatches).toBe(0);
    const [digest] = await emails('digest@example.com');
    expect(digest.subject).toMatch(/^Your StockPulse weekly digest/);
    expect(digest.text_body).toContain('NVDA (NVDA Inc.): 3 mentions');
    expect(await emails('no-digest@example.com')).toEqual([]);
    await client.workflow.execute<typeof weeklyDigest>('weeklyDigest', { taskQueue, workflowId: `digest-${taskQueue}-2` });
    expect(await emails('digest@example.com')).toHaveLength(1);
  });
});
