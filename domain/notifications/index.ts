import type { Knex } from 'knex';
import { appLinks } from '../../core/appLinks';
import { publicUrlOf, type Env } from '../../platform/config';
import type { NotificationChannels } from './delivery';
import { createMailer, smtpUrlFor } from './mailer';
import { createSmsSender } from './smsSender';

/** The product's notification channels from its configuration: SMTP (or the capture) and Twilio (or the outbox). */
export function createNotificationChannels(db: Knex, env: Env): NotificationChannels {
  return {
    mailer: createMailer({ smtpUrl: smtpUrlFor(env), from: env.MAIL_FROM }),
    sms: createSmsSender(db, {
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      fromNumber: env.TWILIO_FROM_NUMBER,
      apiUrl: env.TWILIO_API_URL,
    }),
    dashboardUrl: appLinks(publicUrlOf(env)).dashboard,
  };
}
