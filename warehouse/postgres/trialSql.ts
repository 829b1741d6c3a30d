/** SQL true for a user `u` whose card-free trial has passed its end but is not marked expired yet (no alerts for them); one parameter, now. */
export const TRIAL_ENDED_SQL = `(u.subscription_status IN ('trialing','trial') AND u.stripe_subscription_id IS NULL AND u.trial_end_date IS NOT NULL AND u.trial_end_date <= ?)`;
