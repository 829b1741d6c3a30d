import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../core/contracts/user';

/** The billing columns of a users row that Stripe drives. */
export interface BillingFields {
  stripe_subscription_id?: string;
  subscription_status?: SubscriptionStatus;
  trial_start_date?: Date | null;
  trial_end_date?: Date | null;
  has_completed_trial?: boolean;
  cancel_at_period_end?: boolean;
  current_period_end?: Date | null;
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * Stripe's subscription status as the product's: trialing stays trialing, active is active,
 * past due / unpaid / paused lose access (expired), canceled is cancelled. Incomplete subscriptions
 * (first payment not made yet) change nothing: the user keeps what they had.
 */
export function productStatusOf(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'expired';
    case 'canceled':
      return 'cancelled';
    default:
      return null;
  }
}

/** End of the current billing period (on the items since Stripe API 2025-03-31; on the subscription before). */
export function currentPeriodEndOf(subscription: Stripe.Subscription): Date | null {
  const item = subscription.items?.data?.[0] as { current_period_end?: number } | undefined;
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return fromUnix(item?.current_period_end ?? legacy);
}

/**
 * The user's billing columns for a subscription as Stripe reports it. A trial counts as completed once
 * a subscription that had one is no longer trialing (converted, lapsed or cancelled), so it is never granted twice.
 */
export function billingFieldsOf(subscription: Stripe.Subscription, hadCompletedTrial: boolean): BillingFields {
  const status = productStatusOf(subscription.status);
  const leftTrial = subscription.trial_end !== null && status !== null && status !== 'trialing';
  return {
    stripe_subscription_id: subscription.id,
    ...(status ? { subscription_status: status } : {}),
    ...(subscription.trial_start ? { trial_start_date: fromUnix(subscription.trial_start) } : {}),
    ...(subscription.trial_end ? { trial_end_date: fromUnix(subscription.trial_end) } : {}),
    has_completed_trial: hadCompletedTrial || leftTrial,
    cancel_at_period_end: status === 'cancelled' ? false : subscription.cancel_at_period_end,
    current_period_end: currentPeriodEndOf(subscription),
  };
}

/** The subscription an invoice belongs to (under parent.subscription_details since API 2025-03-31). */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const ref =
    invoice.parent?.subscription_details?.subscription ??
    (invoice as unknown as { subscription?: unknown }).subscription;
  if (!ref) return null;
  return typeof ref === 'string' ? ref : (ref as { id: string }).id;
}

export const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref ? (typeof ref === 'string' ? ref : ref.id) : null;
