import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/database';
import { log } from '../../platform/logger';
import type { DeliveryStarts } from './deliveryStarts';
import { recordNotification } from './delivery';
import type { AccountPayload } from './messages';

/** An account message to send: its link or code is issued when it is sent (domain/accounts/accountMessageContent.ts). */
export interface AccountMessage {
  userId: string;
  channel: 'email' | 'sms';
  /** The address or number the message goes to, and that its link or code proves. */
  recipient: string;
  purpose: AccountPayload['purpose'];
}

/**
 * Sends verification links, reset links, phone codes and the "someone tried to sign up" notice through the same
 * durable path as alerts: each is recorded in notifications (without a link or code) and delivered, with retries, by
 * its own workflow. Sending is not awaited by the request: an answer must take the same time whether or not an account
 * exists, and a provider hiccup must not fail a sign-up (the workflow retries; the user can also ask for another).
 */
export function createAccountMessenger(db: Database, deliveries: DeliveryStarts) {
  const send = async (m: AccountMessage) => {
    const idempotencyKey = `account:${randomUUID()}`;
    const id = await recordNotification(db, {
      idempotencyKey,
      userId: m.userId,
      alertId: null,
      channel: m.channel,
      recipient: m.recipient,
      content: { kind: 'account', payload: { purpose: m.purpose } },
    });
    if (id !== null) await deliveries.notification({ id, idempotencyKey });
  };
  return {
    /** Records the message and starts its delivery, returning at once; a failure to start is logged. */
    dispatch(m: AccountMessage): void {
      send(m).catch((err: unknown) =>
        log.warn('account message not started', {
          purpose: m.purpose,
          channel: m.channel,
          error: err instanceof Error ? err.message : String(err),
        }),
      );
    },
  };
}
export type AccountMessenger = ReturnType<typeof createAccountMessenger>;
