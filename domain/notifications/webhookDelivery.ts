import type { Knex } from 'knex';
import { claimWebhookDelivery, finishWebhookDelivery } from '../../warehouse/postgres/webhooks';
import { sendFailureText, sendWebhook, WebhookTargetRefused, type WebhookPolicy } from './webhookSender';

/** The receiver answered, but not with a 2xx: `permanent` for a 4xx other than 408 and 429 (retrying will not help). */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
  get permanent(): boolean {
    return this.httpStatus >= 400 && this.httpStatus < 500 && this.httpStatus !== 408 && this.httpStatus !== 429;
  }
}

/**
 * Whether a failed attempt should not be retried: a refused target (its address is not public) or a 4xx other than
 * 408/429. The same request would get the same answer.
 */
export const isPermanentWebhookFailure = (err: unknown): err is WebhookTargetRefused | WebhookRejected =>
  err instanceof WebhookTargetRefused || (err instanceof WebhookRejected && err.permanent);

/** Test seam: runs after the receiver answered 2xx and before that is recorded (fault injection). */
export interface WebhookHooks {
  afterSend?: (deliveryId: number) => void | Promise<void>;
}

/**
 * One attempt of one recorded delivery. A delivery recorded as delivered is never sent again, so a retried or
 * replayed activity after a success sends nothing. An attempt cut off mid-flight (a worker killed while the receiver
 * read the body) is repeated with the same X-StockPulse-Delivery key: at least once, and the key lets the receiver
 * drop the repeat. Every attempt is written to the delivery log; a failed one throws so Temporal retries it.
 */
export async function deliverWebhook(
  db: Knex,
  policy: WebhookPolicy,
  id: number,
  hooks: WebhookHooks = {},
): Promise<'delivered' | 'skipped'> {
  const claimed = await claimWebhookDelivery(db, id);
  if (!claimed) return 'skipped';
  let response;
  try {
    response = await sendWebhook(claimed, policy);
  } catch (err) {
    // The log the user reads gets the category; the error itself (for Temporal's retry and the logs) stays as it was.
    await finishWebhookDelivery(db, id, { delivered: false, httpStatus: null, error: sendFailureText(err) });
    throw err;
  }
  if (response.error !== null) {
    await finishWebhookDelivery(db, id, { delivered: false, httpStatus: response.httpStatus, error: response.error });
    throw new WebhookRejected(response.error, response.httpStatus);
  }
  await hooks.afterSend?.(id);
  await finishWebhookDelivery(db, id, { delivered: true, httpStatus: response.httpStatus, error: null });
  return 'delivered';
}
