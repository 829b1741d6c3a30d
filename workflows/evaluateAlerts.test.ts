import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DAY, MINUTE, HOUR, mentionAt } from '../tests/support/mentionRows';
import { testActivities } from '../tests/support/testActivities';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../tests/support/testStores';
import { startTwilioEndpoint, type TwilioEndpoint } from '../tests/support/twilioEndpoint';
import { insertMentions } from '../warehouse/queries/insertMentions';
import type { evaluateAlerts, scanPlatform, weeklyDigest } from './definitions';
import { evaluateAlertsAfterScanId } from './definitions/scanPlatform';
import { createMailer } from '../domain/notifications/mailer';
import { createSmsSender } from '../domain/notifications/smsSender';
import { startSmtpCapture, type SmtpCapture } from '../domain/notifications/smtpCapture';
import { startWorker, type RunningWorker } from './worker';
import { NEW_TREND_ALERTS_PER_DAY } from '../core/contracts/alerts';

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
  let activities: Awaited<ReturnType<typeof testActivities>>;

  const emails = async (to?: string) => {
    const rows = await database
      .db('outbox_messages')
      .where('channel', 'email')
      .orderBy('id')
      .select('recipients', 'subject', 'text_body', 'html_body');
    return to ? rows.filter((r) => r.recipients.includes(to)) : rows;
  };
  const texts = (to?: string) => (to ? sms.received.filter((m) => m.to === to) : sms.received);
  const evaluate = () =>
    client.workflow.execute<typeof evaluateAlerts>('evaluateAlerts', {
      taskQueue,
      workflowId: `evaluate-alerts-${taskQueue}-${++run}`,
    });
  const mentions = (ticker: string, count: number, at = clock - 10 * MINUTE) =>
    insertMentions(
      store.warehouse,
      Array.from({ length: count }, (_, i) => mentionAt(ticker, at + i * 1000, { label: 'bullish' })),
    );

  async function user(email: string, fields: Record<string, unknown> = {}): Promise<string> {
    const [row] = await database
      .db('users')
      .insert({
        email,
        password_hash: 'x',
        subscription_status: 'active',
        phone_number: '+14155550100',
        phone_verified_at: new Date(),
        sms_alerts: true,
        ...fields,
      })
      .returning('id');
    return row.id as string;
  }
  async function stock(ticker: string): Promise<number> {
    const [row] = await database
      .db('stocks')
      .insert({ ticker, name: `${ticker} Inc.`, price: '12.34', change_percent: '1.50', sentiment: 'bullish' })
      .returning('id');
    return row.id as number;
  }
  const alert = async (userId: string, stockId: number, fields: Record<string, unknown> = {}) =>
    (
      await database
        .db('alerts')
        .insert({
          user_id: userId,
          stock_id: stockId,
          mention_threshold: 5,
          window_minutes: 60,
          email_enabled: true,
          sms_enabled: true,
          ...fields,
        })
        .returning('id')
    )[0].id as number;

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
        if (row.channel === 'email' && failAfterSend.delete(row.recipient))
          throw new Error('injected failure after sending, before recording');
      },
    };
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: (activities = await testActivities(database.db, store.warehouse, {
        now,
        notifications,
        deliveryHooks,
      })),
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
      for (const part of [
        'AMC',
        '6',
        '5',
        'bullish',
        '$12.34',
        'https://stockpulse.test/dashboard',
        'not financial advice',
      ])
        expect(body).toContain(part);
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

    const rows = await database
      .db('notifications')
      .where('alert_id', id)
      .orderBy('id')
      .select('idempotency_key', 'status', 'channel');
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
    for (const [email, userFields, alertFields] of cases)
      await alert(await user(email, { phone_number: null, ...userFields }), tsla, alertFields);
    await alert(await user('sms-only@example.com', { phone_number: '+14155550199' }), tsla, { email_enabled: false });
    await alert(await user('no-phone@example.com', { phone_number: null }), tsla, { email_enabled: false });
    await alert(
      await user('unverified-phone@example.com', { phone_number: '+14155550198', phone_verified_at: null }),
      tsla,
      { email_enabled: false },
    );
    await alert(
      await user('trial@example.com', {
        subscription_status: 'trialing',
        trial_end_date: new Date(clock + 2 * HOUR),
        sms_alerts: false,
      }),
      tsla,
    );

    const sentBefore = texts().length;
    await mentions('TSLA', 6);
    expect(await evaluate()).toMatchObject({ crossed: 12, sent: 2 });
    for (const [email] of cases) expect(await emails(email)).toEqual([]);
    expect(await emails('no-phone@example.com')).toEqual([]);
    expect(
      texts()
        .slice(sentBefore)
        .map((m) => m.to),
    ).toEqual(['+14155550199']);
    expect(await emails('trial@example.com')).toHaveLength(1);
    expect(texts('+14155550100').filter((m) => m.body.includes('TSLA'))).toEqual([]); // trial user turned SMS off
  });

  it('every scan starts EvaluateAlerts as an abandoned child with a stable id per scan', async () => {
    const scanId = `scan-youtube-${taskQueue}`;
    await client.workflow.execute<typeof scanPlatform>('scanPlatform', {
      taskQueue,
      workflowId: scanId,
      args: [{ platform: 'youtube' }],
    });
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
    const first = await client.workflow.execute<typeof weeklyDigest>('weeklyDigest', {
      taskQueue,
      workflowId: `digest-${taskQueue}-1`,
    });
    expect(first.failedBatches).toBe(0);
    const [digest] = await emails('digest@example.com');
    expect(digest.subject).toMatch(/^Your StockPulse weekly digest/);
    expect(digest.text_body).toContain('NVDA (NVDA Inc.): 3 mentions');
    expect(await emails('no-digest@example.com')).toEqual([]);
    await client.workflow.execute<typeof weeklyDigest>('weeklyDigest', {
      taskQueue,
      workflowId: `digest-${taskQueue}-2`,
    });
    expect(await emails('digest@example.com')).toHaveLength(1);
  });

  const labelled = (ticker: string, labels: Array<'bullish' | 'bearish' | 'neutral'>, at = clock - 10 * MINUTE) =>
    insertMentions(
      store.warehouse,
      labels.map((label, i) => mentionAt(ticker, at + i * 1000, { label })),
    );
  const repeat = <T>(value: T, n: number) => Array.from({ length: n }, () => value);
  const keys = async (alertId: number) =>
    await database.db('notifications').where('alert_id', alertId).orderBy('id').pluck<string[]>('idempotency_key');
  const off = (...ids: number[]) => database.db('alerts').whereIn('id', ids).update({ is_active: false });

  it('spike: fires once when mentions reach k × the 7-day same-time mean (and the minimum), not again while it lasts, again after it ends; a repeated evaluation adds nothing', async () => {
    const pltr = await stock('PLTR');
    const owner = await user('spike@example.com', { phone_number: null, sms_alerts: false });
    const id = await alert(owner, pltr, { kind: 'spike', mention_threshold: null, spike_factor: 3, min_mentions: 5 });
    // The usual hour: 2 mentions at this time on each of the previous 7 days (one day twice as busy, one silent).
    for (const day of [1, 2, 3, 4, 5, 6, 7])
      await mentions('PLTR', day === 3 ? 4 : day === 5 ? 0 : 2, clock - day * DAY - 20 * MINUTE);
    // Mentions outside the same hour on earlier days do not count towards the baseline.
    await mentions('PLTR', 50, clock - 1 * DAY - 3 * HOUR);
    await mentions('PLTR', 5);
    expect(await evaluate()).toMatchObject({ crossed: 0, sent: 0 }); // baseline 2, 5 < 3 × 2
    await mentions('PLTR', 1);
    expect(await evaluate()).toMatchObject({ crossed: 1, sent: 1 });
    const [mail] = await emails('spike@example.com');
    expect(mail.subject).toBe('PLTR spike: 6 mentions, 3.0× its usual 2');
    expect(mail.text_body).toContain('Your spike factor: 3×');

    await mentions('PLTR', 4);
    expect(await evaluate()).toMatchObject({ crossed: 0, sent: 0 });
    // A retried activity (the same evaluation once more after its commit) records nothing new.
    expect(await activities.evaluateAlertCrossings()).toMatchObject({ crossed: 0 });
    clock += 2 * HOUR;
    expect(await evaluate()).toMatchObject({ rearmed: 1 });
    await mentions('PLTR', 6);
    expect(await evaluate()).toMatchObject({ crossed: 1, sent: 1 });
    expect(await keys(id)).toEqual([`alert:${id}:crossing:1:email`, `alert:${id}:crossing:2:email`]);
    await off(id);
  });

  it('spike: a sleepy stock needs its minimum count, however many times its baseline it is', async () => {
    const sleepy = await stock('SLPY');
    const id = await alert(await user('sleepy@example.com', { phone_number: null, sms_alerts: false }), sleepy, {
      kind: 'spike',
      mention_threshold: null,
      spike_factor: 3,
      min_mentions: 10,
    });
    await mentions('SLPY', 9); // baseline 0: 9 is infinitely many times it, but under the minimum
    expect(await evaluate()).toMatchObject({ crossed: 0 });
    await mentions('SLPY', 1);
    expect(await evaluate()).toMatchObject({ crossed: 1, sent: 1 });
    await off(id);
  });

  it('sentiment flip: the first majority is the starting point; each turn bullish ↔ bearish fires once; too few mentions or a tie is no reading', async () => {
    const sofi = await stock('SOFI');
    const id = await alert(await user('flip@example.com', { phone_number: null, sms_alerts: false }), sofi, {
      kind: 'sentiment_flip',
      mention_threshold: null,
      min_mentions: 6,
    });
    await labelled('SOFI', [...repeat('bullish' as const, 4), 'bearish']);
    expect(await evaluate()).toMatchObject({ crossed: 0 }); // 5 mentions: under the minimum
    await labelled('SOFI', ['bullish', 'neutral']);
    expect(await evaluate()).toMatchObject({ crossed: 0 }); // bullish now, the starting point
    expect(await database.db('alerts').where({ id }).first('last_sentiment')).toEqual({ last_sentiment: 'bullish' });
    await labelled('SOFI', repeat('bearish', 4));
    expect(await evaluate()).toMatchObject({ crossed: 0 }); // 5 bullish, 5 bearish: a tie, no reading
    await labelled('SOFI', ['bearish']);
    expect(await evaluate()).toMatchObject({ crossed: 1, sent: 1 });
    const [mail] = await emails('flip@example.com');
    expect(mail.subject).toBe('SOFI sentiment flipped from bullish to bearish');
    expect(mail.text_body).toContain('Bullish / bearish: 5 / 6');
    await labelled('SOFI', ['bearish']);
    expect(await evaluate()).toMatchObject({ crossed: 0 });
    expect(await activities.evaluateAlertCrossings()).toMatchObject({ crossed: 0 });
    await labelled('SOFI', repeat('bullish', 3));
    expect(await evaluate()).toMatchObject({ crossed: 1, sent: 1 });
    expect((await emails('flip@example.com')).map((m) => m.subject)).toEqual([
      'SOFI sentiment flipped from bullish to bearish',
      'SOFI sentiment flipped from bearish to bullish',
    ]);
    expect(await keys(id)).toEqual([`alert:${id}:flip:1:email`, `alert:${id}:flip:2:email`]);
    await off(id);
  });

  it('new trend: fires for a stock entering the trending set (one stock, the watchlist, any stock), once per entry, again after it left; not for the set the alert started from', async () => {
    const [rivn, lcid, nio] = [await stock('RIVN'), await stock('LCID'), await stock('NIO')];
    const trend = (...tickers: string[]) =>
      database.db.transaction(async (trx) => {
        await trx('trending_stocks').delete();
        if (tickers.length)
          await trx('trending_stocks').insert(
            tickers.map((ticker, i) => ({ ticker, name: `${ticker} Inc.`, trend_score: 80 - i })),
          );
      });
    const owner = await user('trend@example.com', { phone_number: null, sms_alerts: false });
    await database.db('watchlist_items').insert([{ user_id: owner, stock_id: lcid }]);
    const one = await alert(owner, rivn, { kind: 'new_trend', mention_threshold: null, trend_scope: 'stock' });
    const watch = await alert(owner, null as unknown as number, {
      kind: 'new_trend',
      mention_threshold: null,
      trend_scope: 'watchlist',
      stock_id: null,
    });
    const any = await alert(owner, null as unknown as number, {
      kind: 'new_trend',
      mention_threshold: null,
      trend_scope: 'any',
      stock_id: null,
    });

    await trend('NIO');
    expect(await evaluate()).toMatchObject({ crossed: 0 }); // the starting point: NIO was trending already
    await trend('NIO', 'RIVN', 'LCID');
    expect(await evaluate()).toMatchObject({ crossed: 4, sent: 4 }); // RIVN: one + any; LCID: watchlist + any
    expect(await keys(one)).toEqual([`alert:${one}:trend:${rivn}:1:email`]);
    expect(await keys(watch)).toEqual([`alert:${watch}:trend:${lcid}:1:email`]);
    expect((await keys(any)).sort()).toEqual(
      [`alert:${any}:trend:${lcid}:1:email`, `alert:${any}:trend:${rivn}:1:email`].sort(),
    );
    expect((await emails('trend@example.com')).map((m) => m.subject)).toContain('RIVN is trending (trend score 79)');
    expect(await evaluate()).toMatchObject({ crossed: 0 });
    expect(await activities.evaluateAlertCrossings()).toMatchObject({ crossed: 0 });

    await trend('NIO', 'LCID'); // RIVN leaves
    expect(await evaluate()).toMatchObject({ crossed: 0 });
    await trend('NIO', 'LCID', 'RIVN');
    expect(await evaluate()).toMatchObject({ crossed: 2 });
    expect(await keys(one)).toEqual([`alert:${one}:trend:${rivn}:1:email`, `alert:${one}:trend:${rivn}:2:email`]);
    expect(nio).toBeGreaterThan(0);
    await off(one, watch, any);
    await trend();
  });

  it(`new trend: at most ${NEW_TREND_ALERTS_PER_DAY} new-trend messages per user and day`, async () => {
    const owner = await user('trend-cap@example.com', {
      phone_number: null,
      sms_alerts: false,
      max_alerts_per_hour: 100,
    });
    const any = await alert(owner, null as unknown as number, {
      kind: 'new_trend',
      mention_threshold: null,
      trend_scope: 'any',
      stock_id: null,
    });
    expect(await evaluate()).toMatchObject({ crossed: 0 });
    const tickers = Array.from({ length: NEW_TREND_ALERTS_PER_DAY + 3 }, (_, i) => `CAP${i}`);
    for (const t of tickers) await stock(t);
    await database.db('trending_stocks').insert(tickers.map((ticker) => ({ ticker, name: ticker, trend_score: 50 })));
    expect(await evaluate()).toMatchObject({ crossed: NEW_TREND_ALERTS_PER_DAY, sent: NEW_TREND_ALERTS_PER_DAY });
    expect(await emails('trend-cap@example.com')).toHaveLength(NEW_TREND_ALERTS_PER_DAY);
    expect(
      await database.db('alert_trend_entries').where({ alert_id: any, is_trending: true }).count('* as n').first(),
    ).toEqual({ n: NEW_TREND_ALERTS_PER_DAY + 3 });
    await off(any);
    await database.db('trending_stocks').delete();
  });

  it("new trend: the daily cap restarts at midnight in the user's time zone, not at UTC midnight", async () => {
    clock = Math.ceil(clock / DAY) * DAY + 14 * HOUR + 50 * MINUTE; // 14:50 UTC: 23:50 in Tokyo (UTC+9)
    const owner = await user('trend-tokyo@example.com', {
      phone_number: null,
      sms_alerts: false,
      max_alerts_per_hour: 100,
      time_zone: 'Asia/Tokyo',
    });
    const any = await alert(owner, null as unknown as number, {
      kind: 'new_trend',
      mention_threshold: null,
      trend_scope: 'any',
      stock_id: null,
    });
    expect(await evaluate()).toMatchObject({ crossed: 0 });
    const enter = async (tickers: string[]) => {
      for (const t of tickers) await stock(t);
      await database.db('trending_stocks').insert(tickers.map((ticker) => ({ ticker, name: ticker, trend_score: 50 })));
    };
    await enter(Array.from({ length: NEW_TREND_ALERTS_PER_DAY }, (_, i) => `TKA${i}`));
    expect(await evaluate()).toMatchObject({ crossed: NEW_TREND_ALERTS_PER_DAY }); // the Tokyo day's cap is used up
    await enter(['TKB0']);
    expect(await evaluate()).toMatchObject({ crossed: 0 });

    clock += 20 * MINUTE; // 15:10 UTC: the same UTC day, but 00:10 of a new day in Tokyo
    await enter(['TKC0', 'TKC1']);
    expect(await evaluate()).toMatchObject({ crossed: 2, sent: 2 });
    expect(await emails('trend-tokyo@example.com')).toHaveLength(NEW_TREND_ALERTS_PER_DAY + 2);
    await off(any);
    await database.db('trending_stocks').delete();
  });

  it('noise control: quiet hours hold alerts and send them after as one digest per channel; past the hourly cap the rest wait for one digest', async () => {
    // 15:30 UTC + n × 3 h: quiet hours cover the test's current local hour in Asia/Tokyo (UTC+9).
    const localHour = (new Date(clock).getUTCHours() + 9) % 24;
    const pad = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const owner = await user('quiet@example.com', {
      phone_number: '+14155550177',
      time_zone: 'Asia/Tokyo',
      quiet_hours_start: pad(localHour),
      quiet_hours_end: pad(localHour + 2),
      max_alerts_per_hour: 2,
    });
    const ids: number[] = [];
    for (const t of ['QA', 'QB', 'QC']) ids.push(await alert(owner, await stock(t), { mention_threshold: 1 }));
    for (const t of ['QA', 'QB']) await mentions(t, 2);
    expect(await evaluate()).toMatchObject({ crossed: 2, sent: 0 });
    expect(await database.db('notifications').where('user_id', owner).pluck('status')).toEqual([
      'held',
      'held',
      'held',
      'held',
    ]);
    expect(await evaluate()).toMatchObject({ sent: 0 }); // still quiet

    clock += 2 * HOUR; // quiet hours over: one e-mail and one SMS carry both alerts
    expect(await evaluate()).toMatchObject({ sent: 2, rearmed: 2 });
    const [digest] = await emails('quiet@example.com');
    expect(digest.subject).toBe('StockPulse: 2 alerts held for you');
    expect(digest.text_body).toContain('QA alert: 2 mentions (threshold 1)');
    expect(digest.text_body).toContain('QB alert: 2 mentions (threshold 1)');
    expect(texts('+14155550177').map((m) => m.body)).toEqual([
      expect.stringMatching(/^StockPulse: 2 held alerts \(QA, QB\)/),
    ]);
    expect(
      await database.db('notifications').where({ user_id: owner, status: 'batched' }).count('* as n').first(),
    ).toEqual({ n: 4 });
    expect(await evaluate()).toMatchObject({ sent: 0 });

    // The cap: the digest used one of 2 messages this hour; QC's alert is the second; a fourth would wait.
    await mentions('QC', 2);
    expect(await evaluate()).toMatchObject({ crossed: 1, sent: 2 });
    clock += 2 * HOUR; // QC's window empties (QA's and QB's emptied when quiet hours ended): all three are re-armed
    expect(await evaluate()).toMatchObject({ rearmed: 1 });
    for (const t of ['QA', 'QB', 'QC']) await mentions(t, 2);
    expect(await evaluate()).toMatchObject({ crossed: 3, sent: 4 }); // 2 per channel pass, the third waits
    expect(
      await database.db('notifications').where({ user_id: owner, status: 'held' }).count('* as n').first(),
    ).toEqual({ n: 2 });
    clock += 30 * MINUTE;
    expect(await evaluate()).toMatchObject({ sent: 0 }); // the hour is not over
    clock += 31 * MINUTE;
    expect(await evaluate()).toMatchObject({ sent: 2 });
    expect((await emails('quiet@example.com')).map((m) => m.subject).at(-1)).toBe('StockPulse: 1 alert held for you');
    await off(...ids);
  });
});
