import { Client, Connection } from '@temporalio/client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../platform/passwordHasher';
import { recordingChannels } from '../tests/support/recordingChannels';
import { signedInCookie } from '../tests/support/signIn';
import { testActivities } from '../tests/support/testActivities';
import { startTestApp, type TestApp } from '../tests/support/testApp';
import { uniqueTaskQueue } from '../tests/support/testStores';
import type { trialMaintenance } from './definitions';
import { startWorker, type RunningWorker } from './worker';

const DAY = 24 * 60 * 60 * 1000;

describe('card-free trials end: the daily TrialMaintenance run, the check at sign-in, reminders, the admin extension', () => {
  let t: TestApp;
  let worker: RunningWorker;
  let client: Client;
  const outbox = recordingChannels();
  let clock = new Date('2026-11-20T00:05:00Z').getTime();
  const taskQueue = uniqueTaskQueue('trials');
  let run = 0;
  const maintain = () =>
    client.workflow.execute<typeof trialMaintenance>('trialMaintenance', {
      taskQueue,
      workflowId: `trial-maintenance-${taskQueue}-${++run}`,
    });

  beforeAll(async () => {
    t = await startTestApp();
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(t.deps.db, t.deps.warehouse, {
        now: () => new Date(clock),
        notifications: outbox,
      }),
    });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await worker?.stop();
    await client?.connection.close();
    await t?.close();
  });

  const trialUser = async (email: string, endsAt: number, fields: Record<string, unknown> = {}) =>
    (
      await t.deps
        .db('users')
        .insert({
          email,
          password_hash: await hashPassword('trial-user-passphrase'),
          subscription_status: 'trialing',
          trial_start_date: new Date(endsAt - 7 * DAY),
          trial_end_date: new Date(endsAt),
          ...fields,
        })
        .returning('id')
    )[0].id as string;
  const status = async (id: string) =>
    (await t.deps.db('users').where({ id }).first('subscription_status')).subscription_status as string;
  const mails = (to: string) => outbox.sent.filter((m) => m.to === to);

  it('reminds 2 days before and on the day (once each), then expires the trial at its end; card trials are left to Stripe', async () => {
    const ends = clock + 2 * DAY + 10 * 60 * 60 * 1000; // 2 days from today, at 10:05
    const id = await trialUser('ending@example.com', ends);
    const card = await trialUser('card-trial@example.com', ends - 2 * DAY, { stripe_subscription_id: 'sub_123' });
    const unverified = await trialUser('unverified-trial@example.com', ends, { email_verified_at: null });

    expect(await maintain()).toMatchObject({ expired: 0, sent: 1 });
    expect(mails('ending@example.com').map((m) => m.subject)).toEqual(['Your StockPulse trial ends in 2 days']);
    expect(await maintain()).toMatchObject({ sent: 0 }); // the same day again: nothing twice

    clock += DAY;
    expect(await maintain()).toMatchObject({ sent: 0 }); // 1 day left: the 2-day reminder is already sent
    clock += DAY;
    expect(await maintain()).toMatchObject({ expired: 0, sent: 1 });
    expect(mails('ending@example.com').map((m) => m.subject)).toEqual([
      'Your StockPulse trial ends in 2 days',
      'Your StockPulse trial ends today',
    ]);
    expect(await status(id)).toBe('trialing');

    clock += DAY;
    expect(await maintain()).toMatchObject({ expired: 2, sent: 0 }); // ending@ and unverified-trial@
    expect(await status(id)).toBe('expired');
    expect(await status(card)).toBe('trialing');
    expect(await status(unverified)).toBe('expired');
    expect(mails('unverified-trial@example.com')).toEqual([]);
  });

  it('a sign-in after the end finds the trial expired even before the daily run', async () => {
    await trialUser('late@example.com', Date.now() - 60_000);
    const res = await request(t.server)
      .post('/api/login')
      .send({ email: 'late@example.com', password: 'trial-user-passphrase' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subscriptionStatus: 'expired', hasCompletedTrial: true });
  });

  it('the admin can extend a trial (also reopening an expired one), audited; a paying user cannot be "extended"', async () => {
    const admin = await signedInCookie(t, 'trial-admin@example.com', 'admin');
    const id = await trialUser('extend-me@example.com', Date.now() - DAY, { subscription_status: 'expired' });
    const before = Date.now();
    const res = await request(t.server)
      .post(`/api/admin/users/${id}/extend-trial`)
      .set('Cookie', admin)
      .send({ days: 7 });
    expect(res.status).toBe(200);
    expect(res.body.subscriptionStatus).toBe('trialing');
    expect(Date.parse(res.body.trialEndDate)).toBeGreaterThanOrEqual(before + 7 * DAY);
    const audit = await t.deps.db('admin_audit_log').where({ action: 'user.extendTrial', target_id: id }).first();
    expect(audit).toMatchObject({ actor_email: 'trial-admin@example.com' });
    expect(audit.before.subscriptionStatus).toBe('expired');
    expect(audit.after).toMatchObject({ subscriptionStatus: 'trialing', days: 7 });

    const payer = (
      await t.deps
        .db('users')
        .insert({ email: 'payer@example.com', password_hash: 'x', subscription_status: 'active' })
        .returning('id')
    )[0].id;
    expect(
      (await request(t.server).post(`/api/admin/users/${payer}/extend-trial`).set('Cookie', admin).send({ days: 7 }))
        .status,
    ).toBe(409);
    expect(
      (await request(t.server).post(`/api/admin/users/${id}/extend-trial`).set('Cookie', admin).send({ days: 0 })).body
        .field,
    ).toBe('days');
  });
});
