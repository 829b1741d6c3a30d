/** Only these subscribers are notified (the admin's "trial" is the same state as "trialing"). */
export const NOTIFIED_STATUSES = ['trialing', 'trial', 'active'] as const;
/** A notification whose sends keep failing is retried by later evaluations up to this many attempts. */
export const MAX_ATTEMPTS = 8;
