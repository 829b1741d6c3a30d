import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/httpError';

export interface AuthLimits {
  loginFailuresPerEmail: number;
  loginFailuresPerIp: number;
  /** Failed-login window, seconds. */
  loginWindowSeconds: number;
  signupsPerIpPerHour: number;
}

export const defaultAuthLimits: AuthLimits = { loginFailuresPerEmail: 5, loginFailuresPerIp: 30, loginWindowSeconds: 15 * 60, signupsPerIpPerHour: 10 };

/** Failed logins per e-mail and per IP, and sign-ups per IP, counted in Postgres so every API process shares them. */
export function createAuthRateLimits(db: Knex, limits: AuthLimits = defaultAuthLimits) {
  const make = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterPostgres({ storeClient: db, storeType: 'knex', tableName: 'rate_limits', tableCreated: true, keyPrefix, points, duration });
  const failuresByEmail = make('login_email', limits.loginFailuresPerEmail, limits.loginWindowSeconds);
  const failuresByIp = make('login_ip', limits.loginFailuresPerIp, limits.loginWindowSeconds);
  const signupsByIp = make('signup_ip', limits.signupsPerIpPerHour, 60 * 60);

  const tooMany = (res: RateLimiterRes, what: string) =>
    new HttpError(429, `Too many ${what}. Try again in ${Math.max(1, Math.ceil(res.msBeforeNext / 60_000))} minute(s).`);

  return {
    /** Throws 429 when the e-mail or the IP has used up its failed attempts. */
    async assertLoginAllowed(email: string, ip: string): Promise<void> {
      for (const [limiter, key] of [[failuresByEmail, email], [failuresByIp, ip]] as const) {
        const res = await limiter.get(key);
        if (res && res.consumedPoints >= limiter.points) throw tooMany(res, 'failed sign-in attempts');
      }
    },
    async recordLoginFailure(email: string, ip: string): Promise<void> {
      await Promise.all([failuresByEmail.penalty(email, 1), failuresByIp.penalty(ip, 1)]);
    },
    async recordLoginSuccess(email: string): Promise<void> {
      await failuresByEmail.delete(email);
    },
    async consumeSignup(ip: string): Promise<void> {
      try {
        await signupsByIp.consume(ip);
      } catch (res) {
        if (res instanceof RateLimiterRes) throw tooMany(res, 'sign-ups from this address');
        throw res;
      }
    },
  };
}
export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
