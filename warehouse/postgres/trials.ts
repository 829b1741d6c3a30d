import type { Database } from '../../platform/database';

/**
 * A card-free trial: trialing (sign-up) or trial (set by an admin) with no Stripe subscription behind it. A card trial
 * is ended by Stripe's own events, never here.
 */
export const cardFreeTrials = (db: Database) =>
  db('users')
    .whereIn('subscription_status', ['trialing', 'trial'])
    .whereNull('stripe_subscription_id')
    .whereNotNull('trial_end_date');

/** Ends the card-free trials whose trialEndDate has passed (status expired); one user's at sign-in, or all. Returns how many. */
export async function expireEndedTrials(db: Database, now: Date, userId?: string): Promise<number> {
  const query = cardFreeTrials(db).where('trial_end_date', '<=', now);
  if (userId) query.where('id', userId);
  return await query.update({ subscription_status: 'expired', has_completed_trial: true, updated_at: now });
}

/** SQL true for a user whose card-free trial has passed its end but is not marked expired yet (no alerts for them). */
export const TRIAL_ENDED_SQL = `(u.subscription_status IN ('trialing','trial') AND u.stripe_subscription_id IS NULL AND u.trial_end_date IS NOT NULL AND u.trial_end_date <= ?)`;
