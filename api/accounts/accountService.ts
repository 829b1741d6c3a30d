import type { Knex } from 'knex';
import type { PublicUser } from '../../core/contracts/user';
import type { LoginInput, ProfileUpdateInput, RegisterInput } from '../../core/contracts/auth';
import { HttpError } from '../http/httpError';
import { destroyUserSessions } from '../sessions/postgresSessionStore';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwordHasher';
import { toPublicUser, type UserRow } from './userMapper';

/** The marketing reading of the trial (spec §1): 7 days, no card. The card-on-file 14-day trial is the billing flow's. */
export const MARKETING_TRIAL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** When a card-free trial that starts at `from` ends. */
export const marketingTrialEnd = (from: Date) => new Date(from.getTime() + MARKETING_TRIAL_DAYS * DAY_MS);

const INVALID_CREDENTIALS = 'Invalid email or password';

function isUniqueViolation(err: unknown, index: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === index;
}

export function createAccountService(db: Knex) {
  const findById = async (id: string) => (await db<UserRow>('users').where({ id }).first()) as UserRow | undefined;
  const findByEmail = async (email: string) => (await db<UserRow>('users').whereRaw('lower(email) = lower(?)', [email]).first()) as UserRow | undefined;

  const conflictFromUnique = (err: unknown): never => {
    if (isUniqueViolation(err, 'users_email_lower_unique')) throw new HttpError(409, 'An account with this email already exists', 'email');
    if (isUniqueViolation(err, 'users_username_lower_unique')) throw new HttpError(409, 'This username is already taken', 'username');
    throw err;
  };

  return {
    findById,

    async currentUser(id: string): Promise<PublicUser> {
      const row = await findById(id);
      if (!row) throw new HttpError(401, 'Unauthorized');
      return toPublicUser(row);
    },

    /** Creates the account on the 7-day trial without a card. */
    async register(input: RegisterInput, now = new Date()): Promise<PublicUser> {
      const passwordHash = await hashPassword(input.password);
      try {
        const [row] = await db<UserRow>('users')
          .insert({
            email: input.email.toLowerCase(),
            password_hash: passwordHash,
            username: input.username || null,
            first_name: input.firstName || null,
            last_name: input.lastName || null,
            subscription_status: 'trialing',
            trial_start_date: now,
            trial_end_date: marketingTrialEnd(now),
            last_login_at: now,
          })
          .returning('*');
        return toPublicUser(row as UserRow);
      } catch (err) {
        return conflictFromUnique(err);
      }
    },

    /** Same message and comparable time for an unknown e-mail and a wrong password. */
    async authenticate(input: LoginInput): Promise<PublicUser> {
      const row = await findByEmail(input.email);
      const valid = await verifyPassword(input.password, row?.password_hash ?? (await dummyPasswordHash));
      if (!row || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
      if (!row.is_active) throw new HttpError(403, 'This account has been deactivated. Contact support to restore it.');
      const [updated] = await db<UserRow>('users').where({ id: row.id }).update({ last_login_at: new Date() }).returning('*');
      return toPublicUser(updated as UserRow);
    },

    async updateProfile(id: string, input: ProfileUpdateInput): Promise<PublicUser> {
      const current = await findById(id);
      if (!current) throw new HttpError(401, 'Unauthorized');
      const phone = input.phoneNumber ? input.phoneNumber : null;
      const smsAlerts = input.notifications?.smsAlerts ?? current.sms_alerts;
      if (smsAlerts && !phone) throw new HttpError(400, 'SMS alerts need a phone number', 'notifications.smsAlerts');
      try {
        const [row] = await db<UserRow>('users')
          .where({ id })
          .update({
            first_name: input.firstName,
            last_name: input.lastName,
            email: input.email.toLowerCase(),
            phone_number: phone,
            ...(input.notifications
              ? {
                  email_alerts: input.notifications.emailAlerts,
                  sms_alerts: input.notifications.smsAlerts,
                  weekly_digest: input.notifications.weeklyDigest,
                  market_updates: input.notifications.marketUpdates,
                  new_features: input.notifications.newFeatures,
                }
              : {}),
            updated_at: new Date(),
          })
          .returning('*');
        return toPublicUser(row as UserRow);
      } catch (err) {
        return conflictFromUnique(err);
      }
    },

    /** Deletes the account and ends all of its sessions. */
    async deleteAccount(id: string): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('users').where({ id }).delete();
        await destroyUserSessions(trx, id);
      });
    },

    /** Everything the product holds about the user, for "Download My Data". */
    async exportData(id: string): Promise<{ exportedAt: string; user: PublicUser }> {
      const row = await findById(id);
      if (!row) throw new HttpError(401, 'Unauthorized');
      return { exportedAt: new Date().toISOString(), user: toPublicUser(row) };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
