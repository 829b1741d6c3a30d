import type { Knex } from 'knex';
import type { Config } from '../../platform/config';
import { createBillingService, type BillingService, type SignupPasswords } from './billingService';
import { createCancellation, type Cancellation } from './cancellation';
import { proPriceResolver } from './proPrice';
import { createStripeClient } from './stripeClient';
import { createWebhookHandler, type WebhookHandler } from './webhookHandler';

export interface Billing {
  billing: BillingService | null;
  webhooks: WebhookHandler | null;
  cancellation: Cancellation;
}

/** Billing as configured: everything Stripe-backed is null while payments are off (no keys), so nothing calls Stripe. */
export function createBilling(config: Config, db: Knex, signupPasswords: SignupPasswords): Billing {
  const stripe = config.paymentsEnabled ? createStripeClient(config.env) : null;
  const webhookSecret = config.env.STRIPE_WEBHOOK_SECRET;
  return {
    billing: stripe
      ? createBillingService(db, stripe, proPriceResolver(stripe, config.env.STRIPE_PRICE_ID), signupPasswords)
      : null,
    webhooks: stripe && webhookSecret ? createWebhookHandler(db, stripe, webhookSecret) : null,
    cancellation: createCancellation(db, stripe),
  };
}
