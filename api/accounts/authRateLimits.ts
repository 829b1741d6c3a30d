import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/httpError';

export interface AuthLimits {
  /** Sign-in attempts per account from addresses and devices it never signed in from, per window. */
  loginFailuresPerEmail: number;
  /** Sign-in attempts per IP that did not succeed, per window. */
  loginFailuresPerIp: number;
  /** Sign-in window, seconds. */
  loginWindowSeconds: number;
  signupsPerIpPerHour: number;
  /** Verification links, phone codes and e-mail changes per user, reset links per e-mail and IP (and 4× that per IP), per hour. */
  messagesPerHour?: number;
  /** Card sign-ups started (each creates a Stripe customer) per IP, per hour. */
  setupIntentsPerIpPerHour?: number;
}

export const defaultAuthLimits: Required<AuthLimits> = {
  loginFailuresPerEmail: 5,
  loginFailuresPerIp: 30,
  loginWindowSeconds: 15 * 60,
  signupsPerIpPerHour: 10,
  messagesPerHour: 5,
  setupIntentsPerIpPerHour: 10,
};

export type LimitedAction = 'verification' | 'phoneCode' | 'emailChange' | 'passwordReset' | 'setupIntent';

const tooMany = (res: RateLimiterRes, what: string) => {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new HttpError(429, `Too many ${what}. Try again in ${Math.ceil(seconds / 60)} minute(s).`, undefined, {
    'Retry-After': String(seconds),
  });
};

/**
 * Rate limits of the account routes, counted in Postgres so every API process shares them. Each attempt is consumed
 * atomically (one upsert) before the work it limits, so a burst sent at the same moment cannot slip past the count.
 */
export function createAuthRateLimits(db: Knex, overrides: AuthLimits = defaultAuthLimits) {
  const limits = { ...defaultAuthLimits, ...overrides };
  const make = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterPostgres({
      storeClient: db,
      storeType: 'knex',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix,
      points,
      duration,
    });
  const attemptsByAccount = make('login_account', limits.loginFailuresPerEmail, limits.loginWindowSeconds);
  const attemptsByIp = make('login_ip', limits.loginFailuresPerIp, limits.loginWindowSeconds);
  const signupsByIp = make('signup_ip', limits.signupsPerIpPerHour, 60 * 60);
  const perAction: Record<LimitedAction, { byKey: RateLimiterPostgres; byIp: RateLimiterPostgres; what: string }> = {
    verification: {
      byKey: make('verify_send', limits.messagesPerHour, 3600),
      byIp: make('verify_send_ip', limits.messagesPerHour * 4, 3600),
      what: 'verification e-mails',
    },
    phoneCode: {
      byKey: make('phone_code', limits.messagesPerHour, 3600),
      byIp: make('phone_code_ip', limits.messagesPerHour * 4, 3600),
      what: 'verification codes',
    },
    emailChange: {
      byKey: make('email_change', limits.messagesPerHour, 3600),
      byIp: make('email_change_ip', limits.messagesPerHour * 4, 3600),
      what: 'e-mail changes',
    },
    passwordReset: {
      byKey: make('password_reset', limits.messagesPerHour, 3600),
      byIp: make('password_reset_ip', limits.messagesPerHour * 4, 3600),
      what: 'password reset requests',
    },
    setupIntent: {
      byKey: make('setup_intent', limits.setupIntentsPerIpPerHour, 3600),
      byIp: make('setup_intent_ip', limits.setupIntentsPerIpPerHour, 3600),
      what: 'card sign-ups from this address',
    },
  };

  const consume = async (limiter: RateLimiterPostgres, key: string, what: string) => {
    try {
      await limiter.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooMany(res, what);
      throw res;
    }
  };

  return {
    /**
     * Counts a sign-in attempt before the password is checked. Every attempt counts against its IP. Attempts from an
     * address or device the account has signed in from before do not count against the account, so an attacker who
     * uses up the account's attempts slows down only strangers, never the owner on a device or network they used.
     */
    async consumeLoginAttempt(email: string, ip: string, fromKnownSource: boolean): Promise<void> {
      await consume(attemptsByIp, ip, 'failed sign-in attempts');
      if (!fromKnownSource) await consume(attemptsByAccount, email, 'failed sign-in attempts');
    },
    /** A successful sign-in gives its IP its attempt back and clears the account's count. */
    async loginSucceeded(email: string, ip: string): Promise<void> {
      await Promise.all([attemptsByIp.reward(ip, 1), attemptsByAccount.delete(email)]);
    },
    async consumeSignup(ip: string): Promise<void> {
      await consume(signupsByIp, ip, 'sign-ups from this address');
    },
    /**
     * A password-reset request: counted per IP, and per address and IP together, so requests from elsewhere cannot use
     * up the owner's; requests from the account's own session, or from an address or device it signed in from, are not
     * counted against the address at all. The per-IP limit still bounds how much one source can send.
     */
    async consumePasswordReset(email: string, ip: string, fromOwnSource: boolean): Promise<void> {
      const { byKey, byIp, what } = perAction.passwordReset;
      await consume(byIp, ip, what);
      if (!fromOwnSource) await consume(byKey, `${email}\n${ip}`, what);
    },
    /** One more of a limited action for the user (or e-mail) and for the IP; 429 with Retry-After past either limit. */
    async consumeAction(action: LimitedAction, key: string, ip: string): Promise<void> {
      const { byKey, byIp, what } = perAction[action];
      await consume(byIp, ip, what);
      await consume(byKey, key, what);
    },
  };
}
export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
