import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import {
  deliverNotification,
  recordNotification,
  type NotificationChannels,
} from '../../domain/notifications/delivery';
import { userById } from '../../warehouse/postgres/users';
import { HttpError } from '../http/httpError';

/** POST /api/test-email: a real e-mail to the signed-in user's address, limited per user per hour, recorded like every send. */
export function createTestEmailService(db: Knex, channels: NotificationChannels, perHour: number) {
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
      const id = await recordNotification(db, {
        idempotencyKey: `test:${randomUUID()}`,
        userId,
        alertId: null,
        channel: 'email',
        recipient: user.email,
        content: { kind: 'test', payload: {} },
      });
      try {
        await deliverNotification(db, channels, id!);
      } catch (err) {
        throw new HttpError(502, `Failed to send test email: ${err instanceof Error ? err.message : String(err)}`);
      }
      return { message: `Test email sent to ${user.email}`, sentTo: user.email };
    },
  };
}
