import type Stripe from 'stripe';
import { log } from '../../platform/logger';
import type { Database } from '../../platform/database';
import {
  claimStripeEvent,
  recordStripeEventOutcome,
  type StripeEventOutcome,
} from '../../warehouse/postgres/stripeEvents';
import { lockUser, updateUser, type UserRow } from '../../warehouse/postgres/users';
import { HttpError } from '../http/httpError';
import { billingFieldsOf, idOf, subscriptionIdOfInvoice, type BillingFields } from './subscriptionState';

export type WebhookOutcome = StripeEventOutcome | 'duplicate';

/** The events that drive subscription state; every other type is acknowledged and recorded as ignored. */
export const HANDLED_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

interface Target {
  user: UserRow;
  fields: BillingFields;
}

/**
 * Verifies a Stripe webhook on its raw body and applies it once. The event id is recorded in the same
 * transaction as the user change, so a replay changes nothing; an event older than the newest one
 * already applied to the user (Stripe does not guarantee order) is recorded as stale and not applied.
 */
export function createWebhookHandler(db: Database, stripe: Stripe, webhookSecret: string) {
  async function findUser(
    trx: Database,
    ids: { subscriptionId: string | null; customerId: string | null; userId?: string },
  ): Promise<UserRow | undefined> {
    if (ids.subscriptionId) {
      const bySubscription = await lockUser(trx, { stripe_subscription_id: ids.subscriptionId });
      if (bySubscription) return bySubscription;
    }
    if (ids.userId && /^[0-9a-f-]{36}$/i.test(ids.userId)) {
      const byMetadata = await lockUser(trx, { id: ids.userId });
      if (byMetadata) return byMetadata;
    }
    if (ids.customerId) return await lockUser(trx, { stripe_customer_id: ids.customerId });
    return undefined;
  }

  async function targetOf(trx: Database, event: Stripe.Event): Promise<Target | null> {
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const user = await findUser(trx, {
          subscriptionId: subscription.id,
          customerId: idOf(subscription.customer),
          userId: subscription.metadata?.userId,
        });
        if (!user) return null;
        // An older subscription of the same user (e.g. an abandoned /subscribe attempt) no longer speaks for them.
        if (
          user.stripe_subscription_id &&
          user.stripe_subscription_id !== subscription.id &&
          event.type !== 'customer.subscription.created'
        )
          return null;
        return { user, fields: billingFieldsOf(subscription, user.has_completed_trial) };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = subscriptionIdOfInvoice(invoice);
        if (!subscriptionId) return null;
        const user = await findUser(trx, { subscriptionId, customerId: idOf(invoice.customer) });
        if (!user || (user.stripe_subscription_id && user.stripe_subscription_id !== subscriptionId)) return null;
        const wasOnTrial = user.subscription_status === 'trialing' || user.subscription_status === 'trial';
        if (event.type === 'invoice.paid') {
          // The $0 invoice that opens a trial is "paid" too; only money received converts to active.
          if (invoice.amount_paid <= 0) return null;
          return {
            user,
            fields: {
              stripe_subscription_id: subscriptionId,
              subscription_status: 'active',
              has_completed_trial: user.has_completed_trial || wasOnTrial,
            },
          };
        }
        // A failed first payment on /subscribe is shown to the user directly and changes nothing; a failed renewal or conversion loses access.
        if (invoice.billing_reason === 'subscription_create') return null;
        return {
          user,
          fields: { subscription_status: 'expired', has_completed_trial: user.has_completed_trial || wasOnTrial },
        };
      }
      default:
        return null;
    }
  }

  return {
    /** Throws 400 for a missing or bad signature (Stripe then retries; a forged call changes nothing). */
    verify(rawBody: Buffer, signature: string | undefined): Stripe.Event {
      if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw new HttpError(400, 'Invalid Stripe webhook signature');
      }
    },

    async apply(event: Stripe.Event): Promise<WebhookOutcome> {
      const eventAt = new Date(event.created * 1000);
      return db.transaction(async (trx) => {
        // Claimed first: a concurrent delivery of the same event waits on this row, then sees it and does nothing.
        if (!(await claimStripeEvent(trx, { id: event.id, type: event.type, createdAt: eventAt }))) return 'duplicate';
        const target = await targetOf(trx, event);
        let outcome: StripeEventOutcome = 'ignored';
        if (target) {
          const newest = target.user.stripe_event_at;
          if (newest && eventAt < newest) {
            outcome = 'stale';
          } else {
            await updateUser(
              trx,
              { id: target.user.id },
              { ...target.fields, stripe_event_at: eventAt, updated_at: new Date() },
            );
            outcome = 'applied';
          }
        }
        await recordStripeEventOutcome(trx, event.id, outcome, target?.user.id ?? null);
        log.info('stripe webhook', { eventId: event.id, type: event.type, outcome });
        return outcome;
      });
    },
  };
}
export type WebhookHandler = ReturnType<typeof createWebhookHandler>;
