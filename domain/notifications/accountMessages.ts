import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { log } from '../../platform/logger';
import type { NotificationChannels } from './delivery';
import type { AccountPayload } from './messages';
import { recordAndSendNow } from './sendNow';

export interface AccountMessage {
  userId: string;
  channel: 'email' | 'sms';
  recipient: string;
  payload: AccountPayload;
}

/**
 * Sends verification links, reset links and phone codes through the product's channels (SMTP or the capture, Twilio or
 * the outbox), each recorded in notifications like every send, without its link or code. Sending is not awaited by
 * the request: an answer must take the same time whether or not an account exists, and a provider hiccup must not
 * fail a sign-up (the user can ask for another link).
 */
export function createAccountMessenger(db: Knex, channels: NotificationChannels, appUrl: string) {
  const base = appUrl.replace(/\/+$/, '');
  const send = async (m: AccountMessage) => {
    const stored = { kind: 'account' as const, payload: { purpose: m.payload.purpose } };
    const notification = {
      idempotencyKey: `account:${randomUUID()}`,
      userId: m.userId,
      alertId: null,
      channel: m.channel,
      recipient: m.recipient,
      content: stored,
    };
    await recordAndSendNow(db, channels, notification, { secretContent: { kind: 'account', payload: m.payload } });
  };
  return {
    link: (path: string, token: string) => `${base}${path}?token=${encodeURIComponent(token)}`,
    /** A page of the site, without a token (the sign-in page in the "you already have an account" e-mail). */
    page: (path: string) => `${base}${path}`,
    /** Starts the send and returns at once; a failure is logged (without the secret) and recorded as failed. */
    dispatch(m: AccountMessage): void {
      send(m).catch((err: unknown) =>
        log.warn('account message not sent', {
          purpose: m.payload.purpose,
          channel: m.channel,
          error: err instanceof Error ? err.message : String(err),
        }),
      );
    },
  };
}
export type AccountMessenger = ReturnType<typeof createAccountMessenger>;
