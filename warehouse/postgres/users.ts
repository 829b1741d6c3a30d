import type { PublicUser } from '../../core/contracts/user';
import type { Database } from '../../platform/database';

/** A users row as Postgres returns it. */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  phone_number: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  subscription_status: PublicUser['subscriptionStatus'];
  trial_start_date: Date | null;
  trial_end_date: Date | null;
  has_completed_trial: boolean;
  cancel_at_period_end: boolean;
  current_period_end: Date | null;
  stripe_event_at: Date | null;
  role: PublicUser['role'];
  is_active: boolean;
  email_verified_at: Date | null;
  phone_verified_at: Date | null;
  pending_email: string | null;
  email_alerts: boolean;
  sms_alerts: boolean;
  weekly_digest: boolean;
  market_updates: boolean;
  new_features: boolean;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Users in total and active ones. */
export async function userTotals(db: Database): Promise<{ total: number; active: number }> {
  const [row] = await db('users').select<Array<{ total: number; active: number }>>(db.raw('count(*)::int AS total'), db.raw('count(*) FILTER (WHERE is_active)::int AS active'));
  return row!;
}

/** How many users have each subscription status (statuses nobody has are absent). */
export function usersPerStatus(db: Database): Promise<Array<{ subscription_status: UserRow['subscription_status']; count: number }>> {
  return db('users').select('subscription_status').count<Array<{ subscription_status: UserRow['subscription_status']; count: number }>>('* as count').groupBy('subscription_status');
}

/** A user's id and e-mail (what the audit log records of an actor), or undefined when the user is gone. */
export function userIdentity(db: Database, id: string): Promise<Pick<UserRow, 'id' | 'email'> | undefined> {
  return db('users').where({ id }).first<Pick<UserRow, 'id' | 'email'> | undefined>('id', 'email');
}
