import type { Database } from '../../platform/database';
import { expireEndedTrials as markEndedTrialsExpired } from '../../warehouse/postgres/trials';

/**
 * Ends the card-free trials past their end (expired, trial completed): every one in the daily run, or one user's when
 * they sign in between two runs, so they already see it ended. Card trials are left to Stripe.
 */
export async function expireEndedTrials(db: Database, now: Date, userId?: string): Promise<number> {
  return await markEndedTrialsExpired(db, now, userId);
}
