import type { Context } from 'koa';
import { z } from 'zod';
import {
  createSubscriptionResponseSchema,
  registerWithTrialSchema,
  setupIntentRequestSchema,
  setupIntentResponseSchema,
} from '../../core/contracts/billing';
import { signUpAcceptedSchema } from '../../core/contracts/auth';
import { publicUserSchema } from '../../core/contracts/user';
import type { AccountService } from '../accounts/accountService';
import type { AuthRateLimits } from '../accounts/authRateLimits';
import type { BillingService, PendingSignup } from '../billing/billingService';
import type { Cancellation } from '../billing/cancellation';
import { readRawBody } from '../billing/rawBody';
import type { WebhookHandler } from '../billing/webhookHandler';
import { serviceUnavailable } from '../http/httpError';
import { route } from '../http/routeTable';
import { signUpAccepted } from './accountRoutes';

/** The webhook path; app.ts keeps the JSON body parser off it (the signature covers the raw bytes). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface BillingRouteDeps {
  /** Null while payments are off (no Stripe keys). */
  billing: BillingService | null;
  /** Null while payments are off or STRIPE_WEBHOOK_SECRET is missing. */
  webhooks: WebhookHandler | null;
  cancellation: Cancellation;
  limits: AuthRateLimits;
  /** Sends the new account's e-mail verification link. */
  accounts: AccountService;
}

const PAYMENTS_OFF = 'Payment System Temporarily Unavailable';
const pendingSignupOf = (ctx: Context) => ctx.session?.pendingSignup as PendingSignup | undefined;

export function billingRoutes({ billing, webhooks, cancellation, limits, accounts }: BillingRouteDeps) {
  const requireBilling = (): BillingService => {
    if (!billing) throw serviceUnavailable(PAYMENTS_OFF);
    return billing;
  };

  return [
    route(
      'POST',
      '/api/create-setup-intent',
      'public',
      async (ctx, { body: { email } }) => {
        const service = requireBilling();
        // Each call may create a Stripe customer, so it is limited per address like sign-ups.
        await limits.consumeAction('setupIntent', ctx.ip, ctx.ip);
        const result = await service.createSetupIntent(email, pendingSignupOf(ctx));
        const pending: PendingSignup = { email: email.toLowerCase(), customerId: result.customerId };
        ctx.session!.pendingSignup = pending;
        ctx.body = result;
      },
      {
        summary: 'Start a card sign-up: a Stripe SetupIntent for the e-mail (the same for a free and a taken address)',
        body: setupIntentRequestSchema,
        responses: { 200: { description: 'Client secret and customer id', schema: setupIntentResponseSchema } },
        errors: [429, 502, 503],
      },
    ),

    route(
      'POST',
      '/api/register-with-trial',
      'public',
      async (ctx, { body: input }) => {
        const service = requireBilling();
        await limits.consumeSignup(ctx.ip);
        const result = await service.registerWithTrial(input, pendingSignupOf(ctx));
        delete ctx.session!.pendingSignup;
        if (result === 'taken') {
          const owner = await accounts.findByEmail(input.email);
          if (owner) accounts.notifySignupAttempt(owner);
        } else {
          await accounts.resendVerification(result.id);
        }
        ctx.status = 202;
        ctx.body = signUpAccepted(input.email);
      },
      {
        summary:
          'Finish a card sign-up: the account with the confirmed card and a 14-day trial, finished by its e-mailed link (the same answer for a taken address, whose owner is told by e-mail)',
        body: registerWithTrialSchema,
        responses: { 202: { description: 'Check your e-mail to continue', schema: signUpAcceptedSchema } },
        errors: [409, 429, 502, 503],
      },
    ),

    route(
      'POST',
      '/api/create-subscription',
      'user',
      async (ctx, { user }) => {
        ctx.body = await requireBilling().createSubscription(user.id);
      },
      {
        summary: 'Subscribe to Pro: the client secret of the first payment, or the current state',
        responses: { 200: { description: 'Subscription state', schema: createSubscriptionResponseSchema } },
        errors: [502, 503],
      },
    ),

    route(
      'POST',
      '/api/subscription/cancel',
      'user',
      async (ctx, { user }) => {
        ctx.body = await cancellation.cancelOwn(user.id);
      },
      {
        summary: 'Cancel your subscription at the end of the period',
        responses: { 200: { description: 'The updated user', schema: publicUserSchema } },
        errors: [409, 502],
      },
    ),

    route(
      'POST',
      STRIPE_WEBHOOK_PATH,
      'public',
      async (ctx) => {
        if (!webhooks) throw serviceUnavailable('Stripe webhooks are not configured');
        const raw = await readRawBody(ctx.req, WEBHOOK_BODY_LIMIT);
        const event = webhooks.verify(raw, ctx.get('Stripe-Signature') || undefined);
        const outcome = await webhooks.apply(event);
        ctx.body = { received: true, outcome };
      },
      {
        summary: 'Stripe webhook (signature verified over the raw body; idempotent by event id)',
        signedBody: z.looseObject({ id: z.string(), type: z.string() }),
        responses: {
          200: { description: 'Received', schema: z.object({ received: z.literal(true), outcome: z.string() }) },
        },
        errors: [503],
      },
    ),
  ];
}
