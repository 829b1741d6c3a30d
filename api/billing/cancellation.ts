import type Stripe from 'stripe';
import type { PublicUser } from '../../core/contracts/user';
import type { Database } from '../../platform/database';
import { updateUser, userById, type UserRow } from '../../warehouse/postgres/users';
import { toPublicUser } from '../accounts/userMapper';
import { HttpError, serviceUnavailable } from '../http/httpError';
import { callStripe } from './billingService';
import { currentPeriodEndOf } from './subscriptionState';

const CANCELLABLE = new Set(['trialing', 'trial', 'active']);

/**
 * Cancellation (access is kept to the end of the billing period). A Stripe subscription is set
 * to cancel at period end; Stripe's answer is stored at once and its webhooks confirm it, ending in
 * cancelled at the period end. Without a Stripe subscription (card-free trial, or a status an admin
 * set) there is nothing to bill, so the status becomes cancelled now.
 */
/** The user was deleted meanwhile (or never existed). */
const userGone = (): never => {
  throw new HttpError(404, 'User not found');
};

export function createCancellation(db: Database, stripe: Stripe | null) {
  async function cancelAtPeriodEnd(user: UserRow): Promise<UserRow> {
    if (!user.stripe_subscription_id) {
      return (
        (await updateUser(
          db,
          { id: user.id },
          { subscription_status: 'cancelled', cancel_at_period_end: false, updated_at: new Date() },
        )) ?? userGone()
      );
    }
    if (!stripe) throw serviceUnavailable('Payment System Temporarily Unavailable');
    const subscriptionId = user.stripe_subscription_id;
    const subscription = await callStripe('subscriptions.update', () =>
      stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
    );
    return (
      (await updateUser(
        db,
        { id: user.id },
        { cancel_at_period_end: true, current_period_end: currentPeriodEndOf(subscription), updated_at: new Date() },
      )) ?? userGone()
    );
  }

  return {
    /** Cancels the user's subscription; returns the row before and after (the admin route audits both). */
    async cancel(userId: string): Promise<{ before: UserRow; after: UserRow }> {
      const before = (await userById(db, userId)) ?? userGone();
      if (!CANCELLABLE.has(before.subscription_status)) throw new HttpError(409, 'There is no subscription to cancel');
      if (before.cancel_at_period_end) return { before, after: before };
      return { before, after: await cancelAtPeriodEnd(before) };
    },

    async cancelOwn(userId: string): Promise<PublicUser> {
      return toPublicUser((await this.cancel(userId)).after);
    },
  };
}
export type Cancellation = ReturnType<typeof createCancellation>;
