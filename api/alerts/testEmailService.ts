import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DeliveryStarts } from '../../domain/notifications/deliveryStarts';
import { sendTestEmail } from '../../domain/notifications/testEmail';
import { userById } from '../../warehouse/postgres/users';
import { HttpError } from '../http/httpError';

/**
 * POST /api/test-email: a real e-mail to the signed-in user's address, limited per user per hour, delivered like every
 * send (a workflow, with retries). The answer waits at most `waitMs` for the first attempt.
 */
export function createTestEmailService(
  db: Knex,
  deliveries: DeliveryStarts,
  options: { perHour: number; waitMs: number },
) {
  const { perHour, waitMs } = options;
  const limiter = new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'test_email',
    points: perHour,
    duration: 60 * 60,
  });
  return {
    async send(userId: string): Promise<{ message: string; sentTo: string }> {
      try {
        await limiter.consume(userId);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        const minutes = Math.ceil(seconds / 60);
        throw new HttpError(
          429,
          `Too many test emails: ${perHour} per hour. Try again in ${minutes} minute(s).`,
          undefined,
          { 'Retry-After': String(seconds) },
        );
      }
      const user = await userById(db, userId);
      if (!user) throw new HttpError(401, 'Unauthorized');
      // Like alert e-mails, it goes only to an address its owner confirmed: no mailing a stranger who was signed up.
      if (!user.email_verified_at)
        throw new HttpError(
          409,
          `Verify ${user.email} first: open the link we e-mailed you, or send a new one from the banner on your dashboard.`,
        );
      const outcome = await sendTestEmail({ db, deliveries, waitMs }, { id: userId, email: user.email });
      if (outcome.status === 'failed')
        throw new HttpError(502, `Failed to send test email: ${outcome.error.replace(/\.$/, '')}. It will be retried.`);
      if (outcome.status === 'queued')
        return { message: `Test email to ${user.email} is queued and will be sent shortly`, sentTo: user.email };
      return { message: `Test email sent to ${user.email}`, sentTo: user.email };
    },
  };
}
