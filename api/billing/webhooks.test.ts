import request from 'supertest';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import {
  TEST_PUBLISHABLE_KEY,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  signedWebhook,
  stripeEvent,
  stripeFixture,
} from '../../tests/support/stripeEvents';

const DAY = 86_400;

/**
 * Webhooks drive subscription state. Payloads are stripe-mock's real-shaped objects with the fields a
 * scenario needs, signed as Stripe signs them; every transition is checked in real Postgres.
 */
describe('POST /api/stripe/webhook', () => {
  let t: TestApp;
  let stripeMockUrl: string;
  let clock = Math.floor(Date.now() / 1000) - 30 * DAY;
  const tick = () => (clock += 60);

  beforeAll(async () => {
    stripeMockUrl = inject('stripeMockUrl');
    t = await startTestApp(
      {},
      {
        STRIPE_SECRET_KEY: TEST_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_API_URL: stripeMockUrl,
      },
    );
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const userRow = (id: string) => db()('users').where({ id }).first();
  const eventRow = (id: string) => db()('stripe_events').where({ id }).first();

  async function newUser(key: string, fields: Record<string, unknown> = {}) {
    const [row] = await db()('users')
      .insert({
        email: `${key}@example.com`,
        password_hash: 'x',
        subscription_status: 'trialing',
        stripe_customer_id: `cus_${key}`,
        stripe_subscription_id: `sub_${key}`,
        ...fields,
      })
      .returning('id');
    return row.id as string;
  }

  async function subscription(
    key: string,
    fields: Partial<Stripe.Subscription> & { periodEnd?: number } = {},
  ): Promise<Stripe.Subscription> {
    const base = await stripeFixture<Stripe.Subscription>(stripeMockUrl, 'subscriptions', `sub_${key}`);
    const { periodEnd, ...rest } = fields;
    const item = { ...base.items.data[0]!, current_period_end: periodEnd ?? clock + 30 * DAY };
    return {
      ...base,
      id: `sub_${key}`,
      customer: `cus_${key}`,
      status: 'trialing',
      trial_start: null,
      trial_end: null,
      cancel_at_period_end: false,
      metadata: {},
      items: { ...base.items, data: [item] },
      ...rest,
    };
  }

  async function invoice(key: string, fields: Partial<Stripe.Invoice>): Promise<Stripe.Invoice> {
    const base = await stripeFixture<Stripe.Invoice>(stripeMockUrl, 'invoices', `in_${key}_${clock}`);
    return {
      ...base,
      customer: `cus_${key}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: null, subscription: `sub_${key}` },
      },
      ...fields,
    } as Stripe.Invoice;
  }

  const deliver = (event: { id: string }, secret = TEST_WEBHOOK_SECRET) => {
    const { body, signature } = signedWebhook(event, secret);
    return request(t.server)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(body);
  };

  describe('signature', () => {
    it('refuses a payload signed with another secret, an unsigned one and a tampered one; nothing changes', async () => {
      const id = await newUser('forged');
      const event = stripeEvent(
        'customer.subscription.updated',
        await subscription('forged', { status: 'active' }),
        tick(),
      );
      const wrongSecret = await deliver(event, 'whsec_not_the_real_one');
      expect(wrongSecret.status).toBe(400);
      expect(wrongSecret.body.message).toBe('Invalid Stripe webhook signature');
      const unsigned = await request(t.server)
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(event));
      expect(unsigned.status).toBe(400);
      const { signature } = signedWebhook(event);
      const tampered = await request(t.server)
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signature)
        .send(JSON.stringify({ ...event, type: 'customer.subscription.deleted' }));
      expect(tampered.status).toBe(400);
      expect((await userRow(id)).subscription_status).toBe('trialing');
      expect(await eventRow(event.id)).toBeUndefined();
    });

    it('accepts a correctly signed payload and records its id', async () => {
      const id = await newUser('signed');
      const event = stripeEvent(
        'customer.subscription.updated',
        await subscription('signed', { status: 'active' }),
        tick(),
      );
      const res = await deliver(event);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, outcome: 'applied' });
      expect((await userRow(id)).subscription_status).toBe('active');
      expect(await eventRow(event.id)).toMatchObject({
        type: 'customer.subscription.updated',
        outcome: 'applied',
        user_id: id,
      });
    });
  });

  it('walks every state: trialing → active at conversion → past due (expired) → active → cancel at period end → cancelled', async () => {
    const id = await newUser('life', { stripe_subscription_id: null, subscription_status: 'inactive' });
    const trialStart = tick();
    const trialEnd = trialStart + 14 * DAY;
    const trialing = { status: 'trialing' as const, trial_start: trialStart, trial_end: trialEnd };

    // Created before the sign-up stored the subscription id: matched by customer, the id is adopted.
    await deliver(
      stripeEvent(
        'customer.subscription.created',
        await subscription('life', { ...trialing, periodEnd: trialEnd }),
        clock,
      ),
    );
    let row = await userRow(id);
    expect(row).toMatchObject({
      subscription_status: 'trialing',
      stripe_subscription_id: 'sub_life',
      has_completed_trial: false,
    });
    expect(row.trial_start_date.getTime()).toBe(trialStart * 1000);
    expect(row.trial_end_date.getTime()).toBe(trialEnd * 1000);
    expect(row.current_period_end.getTime()).toBe(trialEnd * 1000);

    // The $0 invoice that opens the trial is "paid" but converts nothing.
    const zero = await deliver(
      stripeEvent(
        'invoice.paid',
        await invoice('life', { amount_paid: 0, billing_reason: 'subscription_create' }),
        tick(),
      ),
    );
    expect(zero.body.outcome).toBe('ignored');
    expect((await userRow(id)).subscription_status).toBe('trialing');

    // Trial ends: Stripe charges the card and the subscription turns active.
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        await subscription('life', { ...trialing, status: 'active' }),
        tick(),
      ),
    );
    await deliver(
      stripeEvent(
        'invoice.paid',
        await invoice('life', { amount_paid: 4900, billing_reason: 'subscription_cycle' }),
        tick(),
      ),
    );
    row = await userRow(id);
    expect(row).toMatchObject({ subscription_status: 'active', has_completed_trial: true });

    // A renewal fails: payment failed, then past due → expired.
    await deliver(
      stripeEvent(
        'invoice.payment_failed',
        await invoice('life', { amount_paid: 0, billing_reason: 'subscription_cycle' }),
        tick(),
      ),
    );
    expect((await userRow(id)).subscription_status).toBe('expired');
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        await subscription('life', { ...trialing, status: 'past_due' }),
        tick(),
      ),
    );
    expect((await userRow(id)).subscription_status).toBe('expired');

    // The retry succeeds.
    await deliver(
      stripeEvent(
        'invoice.paid',
        await invoice('life', { amount_paid: 4900, billing_reason: 'subscription_cycle' }),
        tick(),
      ),
    );
    expect((await userRow(id)).subscription_status).toBe('active');

    // Cancelled at period end: still active, flagged, with the date access ends.
    const periodEnd = clock + 20 * DAY;
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        await subscription('life', { ...trialing, status: 'active', cancel_at_period_end: true, periodEnd }),
        tick(),
      ),
    );
    row = await userRow(id);
    expect(row).toMatchObject({ subscription_status: 'active', cancel_at_period_end: true });
    expect(row.current_period_end.getTime()).toBe(periodEnd * 1000);

    // The period ends.
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        await subscription('life', { ...trialing, status: 'canceled', cancel_at_period_end: true, periodEnd }),
        tick(),
      ),
    );
    row = await userRow(id);
    expect(row).toMatchObject({
      subscription_status: 'cancelled',
      cancel_at_period_end: false,
      has_completed_trial: true,
    });
  });

  it('a trial cancelled before it converts ends as cancelled and counts as used', async () => {
    const id = await newUser('trialquit');
    const start = tick();
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        await subscription('trialquit', { status: 'canceled', trial_start: start, trial_end: start + 14 * DAY }),
        tick(),
      ),
    );
    expect(await userRow(id)).toMatchObject({ subscription_status: 'cancelled', has_completed_trial: true });
  });

  it('unpaid and paused subscriptions lose access (expired)', async () => {
    const unpaid = await newUser('unpaid', { subscription_status: 'active' });
    await deliver(
      stripeEvent('customer.subscription.updated', await subscription('unpaid', { status: 'unpaid' }), tick()),
    );
    expect((await userRow(unpaid)).subscription_status).toBe('expired');
    const paused = await newUser('paused', { subscription_status: 'trialing' });
    await deliver(
      stripeEvent('customer.subscription.updated', await subscription('paused', { status: 'paused' }), tick()),
    );
    expect((await userRow(paused)).subscription_status).toBe('expired');
  });

  it('a failed first payment on /subscribe, and an incomplete subscription, change nothing', async () => {
    const id = await newUser('firstpay', { subscription_status: 'trialing' });
    const failed = await deliver(
      stripeEvent(
        'invoice.payment_failed',
        await invoice('firstpay', { amount_paid: 0, billing_reason: 'subscription_create' }),
        tick(),
      ),
    );
    expect(failed.body.outcome).toBe('ignored');
    await deliver(
      stripeEvent('customer.subscription.created', await subscription('firstpay', { status: 'incomplete' }), tick()),
    );
    expect((await userRow(id)).subscription_status).toBe('trialing');
    // The first payment succeeds: active.
    await deliver(
      stripeEvent(
        'invoice.paid',
        await invoice('firstpay', { amount_paid: 4900, billing_reason: 'subscription_create' }),
        tick(),
      ),
    );
    expect(await userRow(id)).toMatchObject({ subscription_status: 'active', has_completed_trial: true });
  });

  it('a replayed event changes nothing, even after the state moved on', async () => {
    const id = await newUser('replay');
    const event = stripeEvent(
      'customer.subscription.updated',
      await subscription('replay', { status: 'active' }),
      tick(),
    );
    expect((await deliver(event)).body.outcome).toBe('applied');
    // Another change happens after the event.
    await db()('users').where({ id }).update({ subscription_status: 'cancelled' });
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(again.body.outcome).toBe('duplicate');
    expect((await userRow(id)).subscription_status).toBe('cancelled');
    expect(await db()('stripe_events').where({ id: event.id })).toHaveLength(1);
  });

  it('concurrent deliveries of one event apply it once', async () => {
    const id = await newUser('race');
    const event = stripeEvent(
      'customer.subscription.updated',
      await subscription('race', { status: 'active' }),
      tick(),
    );
    const outcomes = (await Promise.all([deliver(event), deliver(event), deliver(event)]))
      .map((r) => r.body.outcome)
      .sort();
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await userRow(id)).subscription_status).toBe('active');
  });

  it('an older event arriving after a newer one is recorded as stale and not applied', async () => {
    const id = await newUser('order');
    const older = stripeEvent(
      'customer.subscription.updated',
      await subscription('order', { status: 'active' }),
      tick(),
    );
    const newer = stripeEvent(
      'customer.subscription.deleted',
      await subscription('order', { status: 'canceled' }),
      tick(),
    );
    expect((await deliver(newer)).body.outcome).toBe('applied');
    const late = await deliver(older);
    expect(late.status).toBe(200);
    expect(late.body.outcome).toBe('stale');
    expect((await userRow(id)).subscription_status).toBe('cancelled');
    expect(await eventRow(older.id)).toMatchObject({ outcome: 'stale', user_id: id });
  });

  it('events for an unknown customer, an old subscription of the user, or an unhandled type are acknowledged and ignored', async () => {
    const id = await newUser('current');
    const stranger = await deliver(
      stripeEvent('customer.subscription.updated', await subscription('nobody', { status: 'active' }), tick()),
    );
    expect(stranger.body).toEqual({ received: true, outcome: 'ignored' });
    const old = await subscription('current', { id: 'sub_current_old', status: 'canceled' });
    const oldEvent = await deliver(stripeEvent('customer.subscription.deleted', old, tick()));
    expect(oldEvent.body.outcome).toBe('ignored');
    const other = await deliver(stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge' }, tick()));
    expect(other.body.outcome).toBe('ignored');
    expect((await userRow(id)).subscription_status).toBe('trialing');
  });
});
