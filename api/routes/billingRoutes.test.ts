import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { signedInCookie } from '../../tests/support/signIn';
import { signUpAndVerify, verificationToken } from '../../tests/support/signUp';
import { hashPassword } from '../../platform/passwordHasher';
import { captureOutput } from '../../tests/support/captureOutput';
import { startStripeRecorder, type StripeRecorder } from '../../tests/support/stripeRecorder';
import { TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../../tests/support/stripeEvents';
import { freePort } from '../../platform/ports';
import { createCancellation } from '../billing/cancellation';
import { PRO_PRICE_LOOKUP_KEY } from '../billing/proPrice';
import { createStripeClient } from '../billing/stripeClient';

/** Every Stripe call goes to Stripe's official mock (stripe-mock) through a recorder. */
describe('billing API against stripe-mock', () => {
  let t: TestApp;
  let stripe: StripeRecorder;
  const responses: string[] = [];
  const output = captureOutput();
  const seen = <T extends { text: string }>(res: T): T => {
    responses.push(res.text);
    return res;
  };

  beforeAll(async () => {
    stripe = await startStripeRecorder(inject('stripeMockUrl'));
    t = await startTestApp(
      {},
      {
        STRIPE_SECRET_KEY: TEST_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    );
  });
  afterAll(async () => {
    output.stop();
    await t?.close();
    await stripe?.close();
  });
  beforeEach(() => stripe.clear());

  const user = (email: string) => t.database.db('users').whereRaw('lower(email) = ?', [email]).first();

  it('GET /api/config exposes the publishable key and payments on, never the secrets', async () => {
    const res = seen(await request(t.server).get('/api/config'));
    expect(res.body).toMatchObject({ paymentsEnabled: true, stripePublishableKey: TEST_PUBLISHABLE_KEY });
  });

  describe('card sign-up with a 14-day trial', () => {
    it('create-setup-intent creates a customer and a SetupIntent for it, then reuses the customer in the same session', async () => {
      const agent = request.agent(t.server);
      const first = seen(await agent.post('/api/create-setup-intent').send({ email: 'Card.User@Example.com' }));
      expect(first.status).toBe(200);
      expect(first.body.clientSecret).toMatch(/^seti_.+_secret_/);
      expect(first.body.customerId).toMatch(/^cus_/);
      const [customerCall] = stripe.callsTo('POST', '/v1/customers');
      expect(customerCall?.params.email).toBe('card.user@example.com');
      expect(customerCall?.authorization).toBe(`Bearer ${TEST_SECRET_KEY}`);
      const [intentCall] = stripe.callsTo('POST', '/v1/setup_intents');
      expect(intentCall?.params.customer).toBe(first.body.customerId);
      expect(intentCall?.params.usage).toBe('off_session');

      stripe.clear();
      const again = seen(await agent.post('/api/create-setup-intent').send({ email: 'card.user@example.com' }));
      expect(again.body.customerId).toBe(first.body.customerId);
      expect(stripe.callsTo('POST', '/v1/customers')).toHaveLength(0);
      expect(stripe.callsTo('POST', '/v1/setup_intents')).toHaveLength(1);
    });

    it('create-setup-intent refuses a bad e-mail (400 naming the field) and answers a taken address as a free one', async () => {
      const bad = seen(await request(t.server).post('/api/create-setup-intent').send({ email: 'nope' }));
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ field: 'email', message: 'Invalid email address' });
      expect(stripe.calls).toHaveLength(0);
      await t.database.db('users').insert({ email: 'taken@example.com', password_hash: 'x' });
      const taken = seen(await request(t.server).post('/api/create-setup-intent').send({ email: 'TAKEN@example.com' }));
      const free = seen(
        await request(t.server).post('/api/create-setup-intent').send({ email: 'free-card@example.com' }),
      );
      expect([taken.status, free.status]).toEqual([200, 200]);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
      expect(stripe.callsTo('POST', '/v1/customers')).toHaveLength(2);
    });

    it('register-with-trial for a taken address: the same 202 as a free one, no account, no subscription, the customer removed, the owner e-mailed', async () => {
      const password = 'owner-passphrase-42';
      await t.database
        .db('users')
        .insert({ email: 'card-owner@example.com', password_hash: await hashPassword(password) });
      const agent = request.agent(t.server);
      const setup = seen(await agent.post('/api/create-setup-intent').send({ email: 'Card-Owner@example.com' }));
      const customerId = setup.body.customerId as string;
      stripe.clear();
      const res = seen(
        await agent.post('/api/register-with-trial').send({
          email: 'Card-Owner@example.com',
          password: 'intruder-passphrase-7',
          confirmPassword: 'intruder-passphrase-7',
          paymentMethodId: 'pm_card_visa',
          customerId,
        }),
      );
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        message:
          'Check your e-mail to continue: we sent a message to card-owner@example.com. Open the link in it to finish creating your account and sign in.',
        email: 'card-owner@example.com',
      });
      expect(stripe.callsTo('POST', '/v1/subscriptions')).toHaveLength(0);
      expect(stripe.callsTo('DELETE', `/v1/customers/${customerId}`)).toHaveLength(1);
      expect(
        await t.database
          .db('users')
          .whereRaw('lower(email) = ?', ['card-owner@example.com'])
          .count<Array<{ count: number }>>('* as count'),
      ).toEqual([{ count: 1 }]);
      await t.outbox.waitFor(
        (m) =>
          m.to === 'card-owner@example.com' && m.subject === 'Someone tried to sign up with your StockPulse address',
      );
      expect((await agent.get('/api/user')).status).toBe(401);
      expect(
        (await request(t.server).post('/api/login').send({ email: 'card-owner@example.com', password })).status,
      ).toBe(200);
    });

    it('register-with-trial creates the user, makes the card the default, starts the 14-day trial subscription; the e-mailed link signs in', async () => {
      const agent = request.agent(t.server);
      const setup = seen(await agent.post('/api/create-setup-intent').send({ email: 'trial@example.com' }));
      const customerId = setup.body.customerId as string;
      stripe.clear();
      const res = seen(
        await agent.post('/api/register-with-trial').send({
          email: 'trial@example.com',
          password: 'secret-passphrase-42',
          confirmPassword: 'secret-passphrase-42',
          paymentMethodId: 'pm_card_visa',
          customerId,
        }),
      );
      expect(res.status).toBe(202);
      expect(res.body.email).toBe('trial@example.com');
      const created = await user('trial@example.com');

      expect(stripe.callsTo('GET', '/v1/payment_methods/pm_card_visa')).toHaveLength(1);
      const [attach] = stripe.callsTo('POST', '/v1/payment_methods/pm_card_visa/attach');
      expect(attach?.params.customer).toBe(customerId);
      const [update] = stripe.callsTo('POST', `/v1/customers/${customerId}`);
      expect(update?.params['invoice_settings[default_payment_method]']).toBe('pm_card_visa');
      expect(stripe.callsTo('GET', '/v1/prices')[0]?.params['lookup_keys[0]']).toBe(PRO_PRICE_LOOKUP_KEY);
      const [priceCreate] = stripe.callsTo('POST', '/v1/prices');
      expect(priceCreate?.params).toMatchObject({
        unit_amount: '4900',
        currency: 'usd',
        'recurring[interval]': 'month',
        lookup_key: PRO_PRICE_LOOKUP_KEY,
      });
      const [subscribe] = stripe.callsTo('POST', '/v1/subscriptions');
      expect(subscribe?.params).toMatchObject({
        customer: customerId,
        trial_period_days: '14',
        default_payment_method: 'pm_card_visa',
        'metadata[userId]': created.id,
      });
      expect(subscribe?.params['items[0][price]']).toMatch(/^price_/);
      expect(subscribe?.idempotencyKey).toBe(`signup-trial-${created.id}`);

      const row = await user('trial@example.com');
      expect(row.stripe_customer_id).toBe(customerId);
      expect(row.stripe_subscription_id).toMatch(/^sub_/);
      expect(row.trial_start_date).toBeInstanceOf(Date);
      expect(row.trial_end_date).toBeInstanceOf(Date);
      // Not signed in until the e-mailed link is opened; the link signs in on the new account.
      expect((await agent.get('/api/user')).status).toBe(401);
      expect(
        (await agent.post('/api/verify-email').send({ token: await verificationToken(t, 'trial@example.com') })).status,
      ).toBe(200);
      const me = await agent.get('/api/user');
      expect(me.body).toMatchObject({
        email: 'trial@example.com',
        stripeSubscriptionId: row.stripe_subscription_id,
        emailVerified: true,
      });
      expect(me.body).not.toHaveProperty('passwordHash');
    });

    it('register-with-trial refuses a customer id this browser was not given, and bad input, without calling Stripe', async () => {
      const agent = request.agent(t.server);
      await agent.post('/api/create-setup-intent').send({ email: 'mine@example.com' });
      stripe.clear();
      const body = {
        email: 'mine@example.com',
        password: 'secret-passphrase-42',
        confirmPassword: 'secret-passphrase-42',
        paymentMethodId: 'pm_card_visa',
        customerId: 'cus_someone_else',
      };
      const foreign = seen(await agent.post('/api/register-with-trial').send(body));
      expect(foreign.status).toBe(400);
      expect(foreign.body.field).toBe('customerId');
      const missing = seen(await agent.post('/api/register-with-trial').send({ ...body, paymentMethodId: '' }));
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe('paymentMethodId');
      const mismatch = seen(
        await agent.post('/api/register-with-trial').send({ ...body, confirmPassword: 'other-pw' }),
      );
      expect(mismatch.body).toMatchObject({ field: 'confirmPassword', message: "Passwords don't match" });
      expect(stripe.calls).toHaveLength(0);
      expect(await user('mine@example.com')).toBeUndefined();
    });
  });

  describe('/subscribe: POST /api/create-subscription', () => {
    it('creates a customer and an incomplete subscription and returns the client secret of its first payment; the status waits for Stripe', async () => {
      const cookie = await signedInCookie(t, 'payer@example.com');
      await t.database.db('users').where({ email: 'payer@example.com' }).update({ subscription_status: 'trialing' });
      stripe.clear();
      const res = seen(await request(t.server).post('/api/create-subscription').set('Cookie', cookie).send({}));
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('requires_payment');
      expect(res.body.clientSecret).toMatch(/^pi_.+_secret_/);
      expect(stripe.callsTo('POST', '/v1/customers')[0]?.params.email).toBe('payer@example.com');
      const [subscribe] = stripe.callsTo('POST', '/v1/subscriptions');
      expect(subscribe?.params).toMatchObject({
        payment_behavior: 'default_incomplete',
        'expand[0]': 'latest_invoice.confirmation_secret',
      });
      expect(subscribe?.params).not.toHaveProperty('trial_period_days');
      const row = await user('payer@example.com');
      expect(row.stripe_customer_id).toMatch(/^cus_/);
      expect(row.stripe_subscription_id).toMatch(/^sub_/);
      expect(row.subscription_status).toBe('trialing');
    });

    it('answers "Already Subscribed" for an active user and "trialing" for a card trial, without calling Stripe', async () => {
      const cookie = await signedInCookie(t, 'active@example.com');
      await t.database
        .db('users')
        .where({ email: 'active@example.com' })
        .update({ subscription_status: 'active', stripe_subscription_id: 'sub_active' });
      const active = seen(await request(t.server).post('/api/create-subscription').set('Cookie', cookie).send({}));
      expect(active.body).toEqual({
        status: 'active',
        message: "You're already subscribed to Pro",
        clientSecret: null,
      });
      const trialCookie = await signedInCookie(t, 'cardtrial@example.com');
      await t.database
        .db('users')
        .where({ email: 'cardtrial@example.com' })
        .update({ subscription_status: 'trialing', stripe_subscription_id: 'sub_trial' });
      const trial = seen(await request(t.server).post('/api/create-subscription').set('Cookie', trialCookie).send({}));
      expect(trial.body).toMatchObject({ status: 'trialing', clientSecret: null });
      expect(stripe.calls).toHaveLength(0);
    });
  });

  describe('cancellation', () => {
    it('the user cancels at period end through Stripe; access and status are kept until Stripe ends it', async () => {
      const cookie = await signedInCookie(t, 'leaver@example.com');
      await t.database
        .db('users')
        .where({ email: 'leaver@example.com' })
        .update({ subscription_status: 'active', stripe_subscription_id: 'sub_leaver' });
      const res = seen(await request(t.server).post('/api/subscription/cancel').set('Cookie', cookie).send({}));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: true });
      expect(res.body.currentPeriodEnd).toEqual(expect.any(String));
      const [update] = stripe.callsTo('POST', '/v1/subscriptions/sub_leaver');
      expect(update?.params.cancel_at_period_end).toBe('true');
      expect((await user('leaver@example.com')).cancel_at_period_end).toBe(true);
    });

    it('a card-free trial has nothing to bill: cancelling ends it now; nothing to cancel is a 409', async () => {
      const cookie = await signedInCookie(t, 'freetrial@example.com');
      await t.database
        .db('users')
        .where({ email: 'freetrial@example.com' })
        .update({ subscription_status: 'trialing' });
      const res = seen(await request(t.server).post('/api/subscription/cancel').set('Cookie', cookie).send({}));
      expect(res.body.subscriptionStatus).toBe('cancelled');
      expect(stripe.calls).toHaveLength(0);
      const again = seen(await request(t.server).post('/api/subscription/cancel').set('Cookie', cookie).send({}));
      expect(again.status).toBe(409);
    });

    it('admin "Cancel Sub" cancels at period end through Stripe and writes an audit row', async () => {
      const adminCookie = await signedInCookie(t, 'boss@example.com', 'admin');
      const [target] = await t.database
        .db('users')
        .insert({
          email: 'subscriber@example.com',
          password_hash: 'x',
          subscription_status: 'active',
          stripe_subscription_id: 'sub_admin_target',
        })
        .returning('id');
      const res = seen(
        await request(t.server)
          .post(`/api/admin/users/${target.id}/cancel-subscription`)
          .set('Cookie', adminCookie)
          .send({}),
      );
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: true });
      expect(stripe.callsTo('POST', '/v1/subscriptions/sub_admin_target')[0]?.params.cancel_at_period_end).toBe('true');
      const audit = await t.database.db('admin_audit_log').where({ target_id: target.id });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'user.cancelSubscription',
        actor_email: 'boss@example.com',
        target_type: 'user',
      });
      expect(audit[0].before).toMatchObject({ cancelAtPeriodEnd: false });
      expect(audit[0].after).toMatchObject({ cancelAtPeriodEnd: true });

      const missing = seen(
        await request(t.server)
          .post('/api/admin/users/not-a-uuid/cancel-subscription')
          .set('Cookie', adminCookie)
          .send({}),
      );
      expect(missing.status).toBe(400);
      const unknown = seen(
        await request(t.server)
          .post('/api/admin/users/5b0c2f8e-4a8e-4f57-9a43-3a9a3c1f0b1d/cancel-subscription')
          .set('Cookie', adminCookie)
          .send({}),
      );
      expect(unknown.status).toBe(404);
    });

    it('admin cancel of a user without a Stripe subscription marks the status cancelled, audited', async () => {
      const adminCookie = await signedInCookie(t, 'boss2@example.com', 'admin');
      const [target] = await t.database
        .db('users')
        .insert({ email: 'manual@example.com', password_hash: 'x', subscription_status: 'active' })
        .returning('id');
      const res = seen(
        await request(t.server)
          .post(`/api/admin/users/${target.id}/cancel-subscription`)
          .set('Cookie', adminCookie)
          .send({}),
      );
      expect(res.body.user.subscriptionStatus).toBe('cancelled');
      expect(stripe.calls).toHaveLength(0);
      expect(await t.database.db('admin_audit_log').where({ target_id: target.id })).toHaveLength(1);
    });
  });

  it('no response and no log line ever carried the secret key or the webhook secret', async () => {
    // A Stripe failure is logged: make one happen (Stripe unreachable) so the log path is exercised too.
    const [down] = await t.database
      .db('users')
      .insert({
        email: 'stripe-down@example.com',
        password_hash: 'x',
        subscription_status: 'active',
        stripe_subscription_id: 'sub_down',
      })
      .returning('id');
    const unreachable = createStripeClient({
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_API_URL: `http://127.0.0.1:${await freePort()}`,
    })!;
    await expect(createCancellation(t.database.db, unreachable).cancel(down.id)).rejects.toMatchObject({ status: 502 });
    expect(output.text()).toContain('stripe call failed');
    expect(responses.length).toBeGreaterThan(10);
    for (const text of [...responses, output.text()]) {
      expect(text).not.toContain(TEST_SECRET_KEY);
      expect(text).not.toContain(TEST_WEBHOOK_SECRET);
    }
  });
});

describe('billing API with payments off (no Stripe keys)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('reports payments off and answers every Stripe route with 503, never 500', async () => {
    expect((await request(t.server).get('/api/config')).body).toMatchObject({
      paymentsEnabled: false,
      stripePublishableKey: null,
    });
    const setup = await request(t.server).post('/api/create-setup-intent').send({ email: 'a@example.com' });
    expect(setup.status).toBe(503);
    expect(setup.body.message).toBe('Payment System Temporarily Unavailable');
    const trial = await request(t.server).post('/api/register-with-trial').send({
      email: 'a@example.com',
      password: 'secret-passphrase-42',
      confirmPassword: 'secret-passphrase-42',
      paymentMethodId: 'pm_1',
      customerId: 'cus_1',
    });
    expect(trial.status).toBe(503);
    const cookie = await signedInCookie(t, 'off@example.com');
    expect((await request(t.server).post('/api/create-subscription').set('Cookie', cookie).send({})).status).toBe(503);
    expect(
      (
        await request(t.server)
          .post('/api/stripe/webhook')
          .set('Stripe-Signature', 't=1,v1=x')
          .set('Content-Type', 'application/json')
          .send('{}')
      ).status,
    ).toBe(503);
  });

  it('sign-up still registers directly on the 7-day card-free trial, and that trial can be cancelled', async () => {
    const { agent, user } = await signUpAndVerify(t, 'free@example.com', 'secret-passphrase-42');
    expect(user.subscriptionStatus).toBe('trialing');
    const days = (Date.parse(user.trialEndDate!) - Date.parse(user.trialStartDate!)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
    const cancelled = await agent.post('/api/subscription/cancel').send({});
    expect(cancelled.body.subscriptionStatus).toBe('cancelled');
  });
});

describe('create-setup-intent is rate-limited per address (each call may create a Stripe customer)', () => {
  let t: TestApp;
  let stripe: StripeRecorder;
  beforeAll(async () => {
    stripe = await startStripeRecorder(inject('stripeMockUrl'));
    t = await startTestApp(
      {
        authLimits: {
          loginFailuresPerEmail: 5,
          loginFailuresPerIp: 1000,
          loginWindowSeconds: 900,
          signupsPerIpPerHour: 1000,
          setupIntentsPerIpPerHour: 2,
        },
      },
      { STRIPE_SECRET_KEY: TEST_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY, STRIPE_API_URL: stripe.url },
    );
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('answers the third call in an hour with 429 and Retry-After, without calling Stripe', async () => {
    for (let i = 0; i < 2; i++)
      expect(
        (
          await request(t.server)
            .post('/api/create-setup-intent')
            .send({ email: `burst${i}@example.com` })
        ).status,
      ).toBe(200);
    const limited = await request(t.server).post('/api/create-setup-intent').send({ email: 'burst9@example.com' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(stripe.callsTo('POST', '/v1/customers')).toHaveLength(2);
  });
});
