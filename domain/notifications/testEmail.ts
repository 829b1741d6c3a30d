import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/database';
import { recordNotification } from './delivery';
import type { DeliveryStarts } from './deliveryStarts';
import { firstNotificationAttempt } from './firstAttempts';

export type TestEmailOutcome =
  | { status: 'sent' }
  /** The first attempt was refused; the delivery keeps retrying it. */
  | { status: 'failed'; error: string }
  /** No attempt within the wait (no worker free yet): it goes out when one is. */
  | { status: 'queued' };

/**
 * A test e-mail to the user's own address, recorded and delivered like an alert e-mail (a workflow, with retries),
 * then waited for at most `waitMs` so Settings can say what happened to the first attempt.
 */
export async function sendTestEmail(
  deps: { db: Database; deliveries: DeliveryStarts; waitMs: number },
  user: { id: string; email: string },
): Promise<TestEmailOutcome> {
  const idempotencyKey = `test:${randomUUID()}`;
  const id = await recordNotification(deps.db, {
    idempotencyKey,
    userId: user.id,
    alertId: null,
    channel: 'email',
    recipient: user.email,
    content: { kind: 'test', payload: {} },
  });
  if (id === null) throw new Error('A fresh test e-mail key was already recorded');
  await deps.deliveries.notification({ id, idempotencyKey });
  const row = await firstNotificationAttempt(deps.db, id, deps.waitMs);
  if (row.status === 'sent') return { status: 'sent' };
  if (row.status === 'failed' || row.status === 'unconfirmed')
    return { status: 'failed', error: row.error ?? 'the send did not finish' };
  return { status: 'queued' };
}
