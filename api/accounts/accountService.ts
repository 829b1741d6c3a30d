import type { PublicUser } from '../../core/contracts/user';
import type {
  LoginInput,
  PasswordChangeInput,
  ProfileUpdateInput,
  RegisterInput,
  ResetPasswordInput,
} from '../../core/contracts/auth';
import type { UserExport } from '../../core/contracts/userExport';
import type { Database } from '../../platform/database';
import { listUserAlertOutcomes } from '../../warehouse/postgres/alertOutcomes';
import { listApiKeys } from '../../warehouse/postgres/apiKeys';
import { findAlertSettings } from '../../warehouse/postgres/alertSettings';
import { expireEndedTrials } from '../../domain/trials/trialExpiry';
import {
  deleteUser,
  insertUser,
  updateUser,
  userByEmail,
  userById,
  usernameTaken,
} from '../../warehouse/postgres/users';
import { watchlistTickers } from '../../warehouse/postgres/watchlists';
import { listAlertWebhooks, listWebhookDeliveries, listWebhookTargets } from '../../warehouse/postgres/webhooks';
import { guardLastAdmin } from './lastAdminGuard';
import { HttpError } from '../http/httpError';
import { destroyUserSessions } from '../sessions/postgresSessionStore';
import type { AccountMessenger } from '../../domain/notifications/accountMessages';
import type { AccountTokens } from '../../domain/accounts/accountTokens';
import { dummyPasswordHash } from '../../platform/passwordHasher';
import type { PasswordPool } from './passwordPool';
import type { PasswordStrengthCheck } from './passwordStrength';
import { toPublicUser, type UserRow } from './userMapper';
import { DAY_MS } from '../../core/timeWindows';

/** The marketing reading of the trial: 7 days, no card. The card-on-file 14-day trial is the billing flow's. */
export const MARKETING_TRIAL_DAYS = 7;
/** When a card-free trial that starts at `from` ends. */
export const marketingTrialEnd = (from: Date) => new Date(from.getTime() + MARKETING_TRIAL_DAYS * DAY_MS);

const INVALID_CREDENTIALS = 'Invalid email or password';
const WRONG_CURRENT_PASSWORD = new HttpError(400, 'Current password is incorrect', 'currentPassword');
const INVALID_LINK = 'This link is invalid, already used or expired. Ask for a new one.';

function isUniqueViolation(err: unknown, index: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === index;
}

export interface AccountServiceDeps {
  db: Database;
  passwords: PasswordPool;
  checkStrength: PasswordStrengthCheck;
  tokens: AccountTokens;
  messages: AccountMessenger;
}

export function createAccountService({ db, passwords, checkStrength, tokens, messages }: AccountServiceDeps) {
  const findById = (id: string) => userById(db, id);
  const findByEmail = (email: string) => userByEmail(db, email);
  const requireUser = async (id: string) => {
    const row = await findById(id);
    if (!row) throw new HttpError(401, 'Unauthorized');
    return row;
  };

  const conflictFromUnique = (err: unknown): never => {
    if (isUniqueViolation(err, 'users_email_lower_unique'))
      throw new HttpError(409, 'An account with this email already exists', 'email');
    if (isUniqueViolation(err, 'users_username_lower_unique'))
      throw new HttpError(409, 'This username is already taken', 'username');
    throw err;
  };

  /** The user's own details make a password weaker (zxcvbn counts them as known words). */
  const personalWords = (u: {
    email: string;
    username?: string | null;
    firstName?: string | null;
    lastName?: string | null;
  }) => [u.email, u.email.split('@')[0]!, u.username, u.firstName, u.lastName].filter((w): w is string => Boolean(w));

  /** Tells the owner of an address that someone tried to sign up with it (sign-up itself answers as for a new address). */
  const notifySignupAttempt = (owner: UserRow) => {
    messages.dispatch({ userId: owner.id, channel: 'email', recipient: owner.email, purpose: 'signup_attempt' });
  };

  // The link's token is issued when the message is sent (domain/accounts/accountMessageContent.ts), bound to the address.
  const sendEmailVerification = (userId: string, email: string) => {
    messages.dispatch({ userId, channel: 'email', recipient: email, purpose: 'verify_email' });
  };

  return {
    findById,
    findByEmail,

    /** The id behind an e-mail, if any (the sign-in limits ask whether the attempt comes from a known source). */
    async userIdByEmail(email: string): Promise<string | undefined> {
      return (await findByEmail(email))?.id;
    },

    async currentUser(id: string): Promise<PublicUser> {
      return toPublicUser(await requireUser(id));
    },

    /**
     * Sign-up on the 7-day trial without a card. A free address gets an account waiting for its link (it cannot sign
     * in until the link proves the address) and the verification link; a taken address gets an e-mail telling its
     * owner someone tried, and nothing else changes. Both cases check the strength and hash the password, and neither
     * tells the caller which case it was, so sign-up cannot be used to find out who has an account.
     */
    async register(input: RegisterInput, now = new Date()): Promise<void> {
      checkStrength(input.password, personalWords(input));
      // A taken username is said in either case: it names no address.
      if (input.username && (await usernameTaken(db, input.username)))
        throw new HttpError(409, 'This username is already taken', 'username');
      const passwordHash = await passwords.hash(input.password);
      const email = input.email.toLowerCase();
      const existing = await findByEmail(email);
      if (existing) return notifySignupAttempt(existing);
      let row: UserRow;
      try {
        row = await insertUser(db, {
          email,
          password_hash: passwordHash,
          username: input.username || null,
          first_name: input.firstName || null,
          last_name: input.lastName || null,
          subscription_status: 'trialing',
          trial_start_date: now,
          trial_end_date: marketingTrialEnd(now),
          email_verified_at: null,
          signup_pending: true,
        });
      } catch (err) {
        // The same address signed up a moment ago (two requests at once): it is taken now.
        if (isUniqueViolation(err, 'users_email_lower_unique')) {
          const owner = await findByEmail(email);
          if (owner) notifySignupAttempt(owner);
          return;
        }
        return conflictFromUnique(err);
      }
      sendEmailVerification(row.id, row.email);
    },

    /** Tells the owner of this (taken) address that someone tried to sign up with it: the card sign-up's taken case. */
    notifySignupAttempt,

    /**
     * Same message and comparable time for an unknown e-mail and a wrong password. A card-free trial past its end is
     * expired here too, so a user signing in between two daily runs already sees it ended.
     */
    async authenticate(input: LoginInput, now = new Date()): Promise<PublicUser> {
      const row = await findByEmail(input.email);
      const valid = await passwords.verify(input.password, row?.password_hash ?? (await dummyPasswordHash));
      // A sign-up still waiting for its link answers as an unknown address does: signing in with the password it was
      // created with would tell whoever signed up that the address had been free.
      if (!row || !valid || row.signup_pending) throw new HttpError(401, INVALID_CREDENTIALS);
      if (!row.is_active) throw new HttpError(403, 'This account has been deactivated. Contact support to restore it.');
      await expireEndedTrials(db, now, row.id);
      return toPublicUser((await updateUser(db, { id: row.id }, { last_login_at: now })) ?? row);
    },

    /**
     * Changes only the fields sent. A new e-mail address needs the current password; it is kept as pending and a
     * confirmation link goes to it, and the answer is the same whether or not another account already uses it (a taken
     * address simply gets no link), so this call cannot tell whether an account exists. A new phone number is unverified.
     */
    async updateProfile(
      id: string,
      input: ProfileUpdateInput,
      beforeEmailChange: () => Promise<void>,
    ): Promise<PublicUser> {
      const current = await requireUser(id);
      const phone = input.phoneNumber === undefined ? current.phone_number : input.phoneNumber || null;
      const smsAlerts = input.notifications?.smsAlerts ?? current.sms_alerts;
      if (smsAlerts && !phone) throw new HttpError(400, 'SMS alerts need a phone number', 'notifications.smsAlerts');
      const newEmail = input.email?.toLowerCase();
      const emailChanges = newEmail !== undefined && newEmail !== current.email.toLowerCase();
      if (emailChanges) {
        if (!input.currentPassword)
          throw new HttpError(400, 'Enter your current password to change your e-mail address', 'currentPassword');
        if (!(await passwords.verify(input.currentPassword, current.password_hash))) throw WRONG_CURRENT_PASSWORD;
        await beforeEmailChange();
      }
      const changes: Partial<UserRow> = {
        ...(input.firstName !== undefined ? { first_name: input.firstName } : {}),
        ...(input.lastName !== undefined ? { last_name: input.lastName } : {}),
        ...(phone !== current.phone_number ? { phone_number: phone, phone_verified_at: null } : {}),
        ...(emailChanges ? { pending_email: newEmail } : {}),
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
      };
      const row = await updateUser(db, { id }, changes);
      if (emailChanges && !(await findByEmail(newEmail))) {
        messages.dispatch({ userId: id, channel: 'email', recipient: newEmail, purpose: 'change_email' });
      }
      return toPublicUser(row!);
    },

    /**
     * Confirms an address from its link: the sign-up address, or a new address asked for in Settings. `finishedSignup`
     * says the link completed a sign-up that was waiting for it (the route then signs the user in: the link proved the
     * mailbox of the person who just chose the password).
     */
    async verifyEmail(token: string, now = new Date()): Promise<{ user: PublicUser; finishedSignup: boolean }> {
      const signup = await tokens.useLink('verify_email', token, now);
      if (signup) {
        const before = await findById(signup.userId);
        const row = await updateUser(
          db,
          { id: signup.userId, email: signup.target ?? '' },
          { email_verified_at: now, signup_pending: false, updated_at: now },
        );
        // The address changed since the link was sent: the link no longer proves the current one.
        if (!row) throw new HttpError(400, INVALID_LINK, 'token');
        return { user: toPublicUser(row), finishedSignup: Boolean(before?.signup_pending) && row.is_active };
      }
      const change = await tokens.useLink('change_email', token, now);
      if (!change?.target) throw new HttpError(400, INVALID_LINK, 'token');
      try {
        const row = await updateUser(
          db,
          { id: change.userId },
          { email: change.target, pending_email: null, email_verified_at: now, updated_at: now },
        );
        if (!row) throw new HttpError(400, INVALID_LINK, 'token');
        return { user: toPublicUser(row), finishedSignup: false };
      } catch (err) {
        return conflictFromUnique(err);
      }
    },

    /** Sends a new verification link to the user's address (nothing when it is verified already). */
    async resendVerification(id: string): Promise<{ message: string }> {
      const row = await requireUser(id);
      if (row.email_verified_at) return { message: `${row.email} is already verified` };
      sendEmailVerification(row.id, row.email);
      return { message: `We sent a new verification link to ${row.email}` };
    },

    /** Sends a 6-digit code by SMS to the user's phone number. */
    async sendPhoneCode(id: string): Promise<{ message: string }> {
      const row = await requireUser(id);
      if (!row.phone_number) throw new HttpError(400, 'Add a phone number in Settings first', 'phoneNumber');
      if (row.phone_verified_at) return { message: `${row.phone_number} is already verified` };
      messages.dispatch({ userId: id, channel: 'sms', recipient: row.phone_number, purpose: 'verify_phone' });
      return { message: `We sent a 6-digit code to ${row.phone_number}` };
    },

    async verifyPhone(id: string, code: string, now = new Date()): Promise<PublicUser> {
      const phone = await tokens.usePhoneCode(id, code, now);
      const row = phone
        ? await updateUser(db, { id, phone_number: phone }, { phone_verified_at: now, updated_at: now })
        : undefined;
      if (!row) throw new HttpError(400, 'This code is wrong or has expired. Ask for a new one.', 'code');
      return toPublicUser(row);
    },

    /** Changes the password after checking the current one, and ends every session (the caller starts a fresh one). */
    async changePassword(id: string, input: PasswordChangeInput): Promise<void> {
      const row = await requireUser(id);
      if (!(await passwords.verify(input.currentPassword, row.password_hash))) throw WRONG_CURRENT_PASSWORD;
      checkStrength.forField('newPassword')(
        input.newPassword,
        personalWords({ email: row.email, username: row.username, firstName: row.first_name, lastName: row.last_name }),
      );
      const hash = await passwords.hash(input.newPassword);
      await db.transaction(async (trx) => {
        await updateUser(trx, { id }, { password_hash: hash, updated_at: new Date() });
        await destroyUserSessions(trx, id);
      });
    },

    /** Sends a reset link when an active account has this e-mail; says nothing either way (the route answers the same). */
    async requestPasswordReset(email: string): Promise<void> {
      const row = await findByEmail(email);
      if (!row?.is_active) return;
      messages.dispatch({ userId: row.id, channel: 'email', recipient: row.email, purpose: 'reset_password' });
    },

    /** Sets a new password from a reset link (single use, 1 hour) and ends every session of the account. */
    async resetPassword(input: ResetPasswordInput, now = new Date()): Promise<void> {
      // Checked before the link is used up, so a weak choice can be corrected with the same link.
      checkStrength(input.password);
      const used = await tokens.useLink('reset_password', input.token, now);
      const row = used ? await findById(used.userId) : undefined;
      if (!row || row.email !== used?.target) throw new HttpError(400, INVALID_LINK, 'token');
      const hash = await passwords.hash(input.password);
      await db.transaction(async (trx) => {
        // Opening the link proved the mailbox, so the address counts as verified too (and a sign-up waiting for its
        // link is complete: the password is now the mailbox owner's).
        await updateUser(
          trx,
          { id: row.id },
          {
            password_hash: hash,
            email_verified_at: row.email_verified_at ?? now,
            signup_pending: false,
            updated_at: now,
          },
        );
        await destroyUserSessions(trx, row.id);
      });
    },

    /**
     * Deletes the account and ends all of its sessions, after checking the current password (as an e-mail or password
     * change does); the last active admin cannot delete themselves (409).
     */
    async deleteAccount(id: string, currentPassword: string): Promise<void> {
      const current = await requireUser(id);
      if (!(await passwords.verify(currentPassword, current.password_hash))) throw WRONG_CURRENT_PASSWORD;
      await db.transaction(async (trx) => {
        // Not row-locked here: the guard locks every active admin in id order, so two admins deleting themselves at once
        // queue behind each other instead of each holding its own row and deadlocking on the other's.
        const row = await userById(trx, id);
        if (row) await guardLastAdmin(trx, row, 'delete');
        await deleteUser(trx, id);
        await destroyUserSessions(trx, id);
      });
    },

    /** Everything the product holds about the user, for "Download My Data" (never the webhook signing secret). */
    async exportData(id: string): Promise<UserExport> {
      const user = toPublicUser(await requireUser(id));
      const today = new Date().toISOString().slice(0, 10);
      const [watchlist, alertSettings, webhookTargets, alertWebhookTargets, webhookDeliveries, alertOutcomes, apiKeys] =
        await Promise.all([
          watchlistTickers(db, id),
          findAlertSettings(db, id),
          listWebhookTargets(db, id),
          listAlertWebhooks(db, id),
          listWebhookDeliveries(db, id),
          listUserAlertOutcomes(db, id),
          listApiKeys(db, id, today, '2000-01-01'),
        ]);
      return {
        exportedAt: new Date().toISOString(),
        user,
        watchlist,
        alertSettings: alertSettings ?? null,
        webhookTargets,
        alertWebhookTargets,
        webhookDeliveries,
        alertOutcomes,
        apiKeys,
      };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
