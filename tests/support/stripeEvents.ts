import Stripe from 'stripe';

/** Webhook signing secret the billing tests configure (STRIPE_WEBHOOK_SECRET). */
export const TEST_WEBHOOK_SECRET = 'whsec_test_billing_0123456789';
/** Secret key the billing tests configure; stripe-mock accepts any sk_test_ key. */
export const TEST_SECRET_KEY = 'sk_test_51BillingSecretDoNotLeak4242';
export const TEST_PUBLISHABLE_KEY = 'pk_test_51BillingPublishable';

const stripe = new Stripe(TEST_SECRET_KEY);
let counter = 0;

/** A real-shaped Stripe object of one kind, as stripe-mock serves it (e.g. 'subscriptions', 'invoices'). */
export async function stripeFixture<T>(
  stripeMockUrl: string,
  collection: 'subscriptions' | 'invoices',
  id: string,
): Promise<T> {
  const res = await fetch(`${stripeMockUrl}/v1/${collection}/${id}`, {
    headers: { Authorization: `Bearer ${TEST_SECRET_KEY}` },
  });
  if (!res.ok) throw new Error(`stripe-mock ${collection}/${id}: ${res.status}`);
  return (await res.json()) as T;
}

/** A Stripe event envelope around an object, `created` in Unix seconds. */
export function stripeEvent(
  type: string,
  object: unknown,
  created: number,
  id = `evt_test_${Date.now()}_${++counter}`,
) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The body and Stripe-Signature header Stripe would send for an event, signed with `secret`. */
export function signedWebhook(event: unknown, secret = TEST_WEBHOOK_SECRET): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}
