import type { PublicUser } from '../../core/contracts/user';
import type { Database } from '../../platform/database';
import { cardFreeTrials } from './trials';

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
  /** A sign-up waiting for its e-mailed link: it cannot sign in until the link (or a password reset) proves the address. */
  signup_pending: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Users in total and active ones. */
export async function userTotals(db: Database): Promise<{ total: number; active: number }> {
  const [row] = await db('users').select<Array<{ total: number; active: number }>>(
    db.raw('count(*)::int AS total'),
    db.raw('count(*) FILTER (WHERE is_active)::int AS active'),
  );
  return row!;
}

/** How many users have each subscription status (statuses nobody has are absent). */
export function usersPerStatus(
  db: Database,
): Promise<Array<{ subscription_status: UserRow['subscription_status']; count: number }>> {
  return db('users')
    .select('subscription_status')
    .count<Array<{ subscription_status: UserRow['subscription_status']; count: number }>>('* as count')
    .groupBy('subscription_status');
}

/** A user's id and e-mail (what the audit log records of an actor), or undefined when the user is gone. */
export function userIdentity(db: Database, id: string): Promise<Pick<UserRow, 'id' | 'email'> | undefined> {
  return db('users').where({ id }).first<Pick<UserRow, 'id' | 'email'> | undefined>('id', 'email');
}

/** A user by id, or undefined. */
export function userById(db: Database, id: string): Promise<UserRow | undefined> {
  return db('users').where({ id }).first<UserRow | undefined>();
}

/** A user by e-mail, compared case-insensitively (addresses are unique regardless of case). */
export function userByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db('users').whereRaw('lower(email) = lower(?)', [email]).first<UserRow | undefined>();
}

/** Whether an account uses this username (compared case-insensitively, as the unique index does). */
export async function usernameTaken(db: Database, username: string): Promise<boolean> {
  return Boolean(await db('users').whereRaw('lower(username) = lower(?)', [username]).first('id'));
}

/** The user matching `match` (by id or a Stripe id), locked until the transaction ends, for a change that reads it first. */
export function lockUser(
  trx: Database,
  match: Partial<Pick<UserRow, 'id' | 'stripe_subscription_id' | 'stripe_customer_id'>>,
): Promise<UserRow | undefined> {
  return trx('users').where(match).forUpdate().first<UserRow | undefined>();
}

/** The columns a new account sets; the rest take their defaults. */
export type NewUser = Pick<UserRow, 'email' | 'password_hash'> & Partial<Omit<UserRow, 'id' | 'created_at'>>;

/** Inserts a user and returns the stored row (a taken e-mail or username raises the unique violation). */
export async function insertUser(db: Database, user: NewUser): Promise<UserRow> {
  const [row] = await db('users').insert(user).returning<UserRow[]>('*');
  return row!;
}

/**
 * Applies `changes` to the user matching `match` (the id, plus any column that must still hold, such as the e-mail a
 * link was sent to) and returns the updated row, or undefined when none matched.
 */
export async function updateUser(
  db: Database,
  match: { id: string } & Partial<Pick<UserRow, 'email' | 'phone_number'>>,
  changes: Partial<Omit<UserRow, 'id'>>,
): Promise<UserRow | undefined> {
  const [row] = await db('users').where(match).update(changes).returning<UserRow[]>('*');
  return row;
}

/** Deletes the user (their alerts and notifications go by cascade). */
export async function deleteUser(db: Database, id: string): Promise<void> {
  await db('users').where({ id }).delete();
}

/** The ids of every active admin, row-locked in id order (so concurrent changes to admins queue instead of deadlocking). */
export function lockActiveAdminIds(trx: Database): Promise<string[]> {
  return trx('users').where({ role: 'admin', is_active: true }).orderBy('id').forUpdate().pluck<string[]>('id');
}

/** Whether any admin account exists. */
export async function anyAdminExists(db: Database): Promise<boolean> {
  return Boolean(await db('users').where({ role: 'admin' }).first('id'));
}

/** Active users with a verified address whose card-free trial ends by `until` (the ones a reminder may be due for). */
export function cardFreeTrialsEndingBy(
  db: Database,
  until: Date,
): Promise<Array<Pick<UserRow, 'id' | 'email'> & { trial_end_date: Date }>> {
  return cardFreeTrials(db)
    .where({ is_active: true })
    .whereNotNull('email_verified_at')
    .where('trial_end_date', '<=', until)
    .select<Array<Pick<UserRow, 'id' | 'email'> & { trial_end_date: Date }>>('id', 'email', 'trial_end_date');
}

/** Active users with a verified address and weekly digests on, among the given subscription statuses. */
export function weeklyDigestRecipients(
  db: Database,
  statuses: readonly string[],
): Promise<Array<Pick<UserRow, 'id' | 'email'>>> {
  return db('users')
    .where({ weekly_digest: true, is_active: true })
    .whereNotNull('email_verified_at')
    .whereIn('subscription_status', [...statuses])
    .select<Array<Pick<UserRow, 'id' | 'email'>>>('id', 'email');
}

/** The search text as a LIKE pattern matching it literally (%, _ and \ escaped). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Which users to list: null means any. */
export interface UserSearch {
  statuses: readonly UserRow['subscription_status'][] | null;
  role: UserRow['role'] | null;
  /** Matched case-insensitively in the e-mail, username or full name. */
  search: string | null;
  limit: number;
  offset: number;
}

/** One page of the matching users, newest first, and how many match in all. */
export async function searchUsers(db: Database, q: UserSearch): Promise<{ rows: UserRow[]; total: number }> {
  const filtered = db('users').modify((w) => {
    if (q.statuses) w.whereIn('subscription_status', [...q.statuses]);
    if (q.role) w.where('role', q.role);
    if (q.search) {
      const pattern = containsPattern(q.search);
      w.where((m) =>
        m
          .whereRaw(`email ILIKE ? ESCAPE '\\'`, [pattern])
          .orWhereRaw(`username ILIKE ? ESCAPE '\\'`, [pattern])
          .orWhereRaw(`concat_ws(' ', first_name, last_name) ILIKE ? ESCAPE '\\'`, [pattern]),
      );
    }
  });
  const [counted] = await filtered.clone().count<Array<{ count: number }>>('* as count');
  const rows = await filtered
    .clone()
    .select<UserRow[]>('*')
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
    .limit(q.limit)
    .offset(q.offset);
  return { rows, total: Number(counted?.count ?? 0) };
}
