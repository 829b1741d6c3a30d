import fs from 'node:fs';
import path from 'node:path';
import type Stripe from 'stripe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStripeMock, type StripeMockHandle } from '../tests/support/stripeMock';
import {
  signedWebhook,
  stripeEvent,
  stripeFixture,
  TEST_PUBLISHABLE_KEY,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from '../tests/support/stripeEvents';
import { launchBrowser, screenshot } from './support/browser';
import { projectRoot } from '../platform/temporalCli';
import { signInOverHttp, startProductProcess, type ProductProcess } from '../tests/support/productProcess';

const stripeJsDouble = fs.readFileSync(path.join(import.meta.dirname, 'support', 'stripeJsDouble.js'), 'utf8');

interface DoubleCall {
  name: string;
  details: Record<string, unknown>;
}

/** A page whose Stripe.js comes from the test double (the real script cannot load offline). */
async function pageWithStripeDouble(context: BrowserContext): Promise<Page> {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeJsDouble }),
  );
  return context.newPage();
}

const doubleCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __stripeDouble: { calls: DoubleCall[] } }).__stripeDouble.calls);

async function openUserMenu(page: Page) {
  const trigger = page.getByRole('button', { name: 'User menu' });
  await trigger.click();
  return page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
}

describe('billing in the browser, with Stripe keys (server on stripe-mock, Stripe.js test double)', () => {
  let stripeMock: StripeMockHandle;
  let product: ProductProcess;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    stripeMock = await startStripeMock();
    product = await startProductProcess({
      name: 'e2e-billing',
      logFile: path.join(projectRoot, 'e2e', 'artifacts', 'e2e-billing.log'),
      env: {
        ADMIN_EMAIL: 'admin@billing.e2e.test',
        ADMIN_PASSWORD: 'e2e-admin-password',
        STRIPE_SECRET_KEY: TEST_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_API_URL: stripeMock.url,
      },
    });
    baseUrl = product.baseUrl;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await stripeMock?.stop();
  });

  /** Sends Stripe's webhook for a subscription of the signed-in user, signed as Stripe signs it. */
  async function sendWebhook(type: string, object: unknown) {
    const { body, signature } = signedWebhook(stripeEvent(type, object, Math.floor(Date.now() / 1000)));
    const res = await fetch(`${baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { outcome: string };
  }

  async function currentUser(page: Page) {
    return (await (await page.request.get(`${baseUrl}/api/user`)).json()) as {
      stripeSubscriptionId: string;
      stripeCustomerId: string;
      subscriptionStatus: string;
    };
  }

  it('signs up in three steps: account info, card (Payment Element: card, Apple Pay, Google Pay), complete; then the trial shows in the menu', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await pageWithStripeDouble(context);
    const email = `card-${Date.now()}@example.com`;
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('card-holder-password');
    await page.getByLabel('Confirm password').fill('card-holder-password');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    // Step 2: the Payment Element, the billing summary, Back and Start Free Trial.
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    const methods = page.getByTestId('payment-method-tabs');
    await methods.waitFor();
    expect(
      await methods.locator('[data-method]').evaluateAll((els) => els.map((e) => e.getAttribute('data-method'))),
    ).toEqual(['card', 'apple_pay', 'google_pay']);
    expect(await page.getByText('$0.00').isVisible()).toBe(true);
    await screenshot(page, 'billing-signup-payment');

    // A declined card keeps the user on the Payment step with the provider's message.
    await page.evaluate(() => {
      (window as unknown as { __stripeDouble: { nextError: unknown } }).__stripeDouble.nextError = {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
      };
    });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByText('Your card was declined.').waitFor();
    expect(await page.getByRole('heading', { name: 'Payment' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail to continue' }).waitFor();
    await page.getByText(`We sent a message to ${email}.`).waitFor();

    const calls = await doubleCalls(page).catch(() => [] as DoubleCall[]);
    // Still the same page (no reload), so the double's record is still there.
    const setups = calls.filter((c) => c.name === 'confirmSetup');
    expect(setups.length).toBe(2);
    expect(setups[1]!.details).toMatchObject({
      redirect: 'if_required',
      confirmParams: { return_url: `${baseUrl}/auth` },
    });
    expect(String(setups[1]!.details.clientSecret)).toMatch(/^seti_.+_secret_/);
    expect(calls.find((c) => c.name === 'Stripe')?.details.publishableKey).toBe(TEST_PUBLISHABLE_KEY);

    // The e-mailed link finishes the sign-up and signs in.
    expect((await page.request.get(`${baseUrl}/api/user`)).status()).toBe(401);
    await page.goto(
      await verificationLink(baseUrl, { email: 'admin@billing.e2e.test', password: 'e2e-admin-password' }, email),
    );
    await page.getByText('is verified and your account is ready. You are signed in.', { exact: false }).waitFor();
    await page.goto(`${baseUrl}/dashboard`);

    // The server created the customer and the subscription.
    const user = await currentUser(page);
    expect(user.stripeCustomerId).toMatch(/^cus_/);
    expect(user.stripeSubscriptionId).toMatch(/^sub_/);

    // Stripe reports the subscription trialing: the menu shows the free trial and its end.
    const now = Math.floor(Date.now() / 1000);
    const subscription = await stripeFixture<Stripe.Subscription>(
      stripeMock.url,
      'subscriptions',
      user.stripeSubscriptionId,
    );
    await sendWebhook('customer.subscription.updated', {
      ...subscription,
      customer: user.stripeCustomerId,
      status: 'trialing',
      trial_start: now,
      trial_end: now + 14 * 86_400,
      cancel_at_period_end: false,
    });
    await page.reload();
    let menu = await openUserMenu(page);
    await menu.getByText('Free Trial Active').waitFor();
    expect(await menu.getByRole('link', { name: 'Manage Subscription' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    // Cancel from Settings: at period end, access kept, shown in the menu.
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('tab', { name: 'Security' }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByText(/Cancelled: access continues until/).waitFor();
    menu = await openUserMenu(page);
    await menu.getByText(/Subscription cancelled: access until/).waitFor();
    expect(await menu.getByRole('link', { name: 'Manage Subscription' }).isVisible()).toBe(true);
    await screenshot(page, 'billing-cancelled-menu');
    await context.close();
  });

  it('/subscribe takes the first $49 payment, returns to /dashboard, and says "Already Subscribed" once Stripe reports it paid', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await pageWithStripeDouble(context);
    const email = `payer-${Date.now()}@example.com`;
    const registered = await page.request.post(`${baseUrl}/api/register`, {
      data: { email, password: 'payer-password', confirmPassword: 'payer-password' },
      headers: { Origin: baseUrl },
    });
    expect(registered.status()).toBe(202);
    await page.goto(
      await verificationLink(baseUrl, { email: 'admin@billing.e2e.test', password: 'e2e-admin-password' }, email),
    );
    await page.getByText('You are signed in.', { exact: false }).waitFor();

    await page.goto(`${baseUrl}/subscribe`);
    await page.getByRole('heading', { name: 'Subscribe to Pro' }).waitFor();
    await page.getByText("What's Included").waitFor();
    await page.getByTestId('payment-method-tabs').waitFor();
    await screenshot(page, 'billing-subscribe');
    await page.getByRole('button', { name: 'Subscribe Now - $49/month' }).click();
    await page.getByText('Welcome to Pro!').waitFor();
    await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 10_000 });
    const confirm = (await doubleCalls(page)).find((c) => c.name === 'confirmPayment');
    expect(confirm?.details).toMatchObject({
      redirect: 'if_required',
      confirmParams: { return_url: `${baseUrl}/dashboard` },
    });
    expect(String(confirm?.details.clientSecret)).toMatch(/^pi_.+_secret_/);

    // Only Stripe decides the status: the first invoice is paid → active.
    const user = await currentUser(page);
    expect(user.subscriptionStatus).toBe('trialing');
    const invoice = await stripeFixture<Stripe.Invoice>(stripeMock.url, 'invoices', 'in_e2e_first');
    const applied = await sendWebhook('invoice.paid', {
      ...invoice,
      customer: user.stripeCustomerId,
      amount_paid: 4900,
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: null, subscription: user.stripeSubscriptionId },
      },
    });
    expect(applied.outcome).toBe('applied');

    await page.goto(`${baseUrl}/subscribe`);
    await page.getByRole('heading', { name: 'Already Subscribed' }).waitFor();
    await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 5_000 });
    const menu = await openUserMenu(page);
    expect(await menu.getByRole('link', { name: 'Manage Subscription' }).isVisible()).toBe(true);
    expect(await menu.getByText('Free Trial').count()).toBe(0);
    await context.close();
  });
});

describe('billing in the browser, without Stripe keys (payments off)', () => {
  it('/subscribe shows "Payment System Temporarily Unavailable" with a link home, and never loads Stripe.js', async () => {
    const baseUrl = inject('baseUrl');
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      const stripeRequests: string[] = [];
      await context.route('https://js.stripe.com/**', (route) => {
        stripeRequests.push(route.request().url());
        return route.abort();
      });
      const page = await context.newPage();
      const email = `nokeys-${Date.now()}@example.com`;
      const res = await page.request.post(`${baseUrl}/api/register`, {
        data: { email, password: 'nokeys-password', confirmPassword: 'nokeys-password' },
        headers: { Origin: baseUrl },
      });
      expect(res.status()).toBe(202);
      await page.goto(
        await verificationLink(baseUrl, { email: inject('adminEmail'), password: inject('adminPassword') }, email),
      );
      await page.getByText('You are signed in.', { exact: false }).waitFor();
      await page.goto(`${baseUrl}/subscribe`);
      await page.getByRole('heading', { name: 'Payment System Temporarily Unavailable' }).waitFor();
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(`${baseUrl}/`);
      expect(stripeRequests).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

/** The verification link the product mailed to this address, read from the admin's outbox (the capture), on this host. */
async function verificationLink(
  baseUrl: string,
  admin: { email: string; password: string },
  to: string,
): Promise<string> {
  const cookie = await signInOverHttp(baseUrl, admin.email, admin.password);
  for (let attempt = 0; attempt < 50; attempt++) {
    const outbox = (await (
      await fetch(`${baseUrl}/api/admin/outbox?limit=100`, { headers: { Cookie: cookie } })
    ).json()) as { messages: Array<{ to: string[]; subject: string; text: string }> };
    const mail = outbox.messages.find(
      (m) => m.to.includes(to) && m.subject === 'Verify your StockPulse e-mail address',
    );
    if (mail) return /(https?:\/\/\S+token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!.replace(/^https?:\/\/[^/]+/, baseUrl);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification e-mail to ${to}`);
}
