import type { Knex } from 'knex';
import twilio from 'twilio';
import { saveOutboxMessage } from '../../warehouse/postgres/outboxMessages';

export interface SmsSender {
  /** True when messages go to Twilio; false when they are kept in the outbox. */
  readonly real: boolean;
  /** Resolves with the provider's message id once accepted; rejects when it was not. */
  send(message: { to: string; body: string }): Promise<string>;
}

export interface TwilioSettings {
  accountSid?: string;
  authToken?: string;
  fromNumber?: string;
  /** Base URL of the REST API (tests point it at a local Twilio-shaped endpoint). */
  apiUrl?: string;
}

/** SMS through the twilio SDK when account SID, auth token and sender are set; otherwise into the admin's outbox. */
export function createSmsSender(db: Knex, settings: TwilioSettings): SmsSender {
  const { accountSid, authToken, fromNumber } = settings;
  if (!accountSid || !authToken || !fromNumber) return outboxSms(db, fromNumber ?? 'StockPulse');
  const client = twilio(accountSid, authToken, { autoRetry: false });
  if (settings.apiUrl) client.api.baseUrl = settings.apiUrl.replace(/\/+$/, '');
  // A Messaging Service SID (MG…) picks the sender itself; anything else is the sending number.
  const sender = fromNumber.startsWith('MG') ? { messagingServiceSid: fromNumber } : { from: fromNumber };
  return {
    real: true,
    async send({ to, body }) {
      const message = await client.messages.create({ to, body, ...sender });
      return message.sid;
    },
  };
}

function outboxSms(db: Knex, from: string): SmsSender {
  return {
    real: false,
    async send({ to, body }) {
      const id = await saveOutboxMessage(db, {
        channel: 'sms',
        from,
        to: [to],
        subject: null,
        text: body,
        html: null,
        messageId: null,
      });
      return `outbox-${id}`;
    },
  };
}
