import type { Database } from '../../platform/database';

export type StripeEventOutcome = 'applied' | 'stale' | 'ignored';

/**
 * Records a Stripe event as received (outcome "ignored" until told otherwise); false when it was recorded already. Run
 * inside the transaction that applies it, a concurrent delivery of the same event waits on this row, then sees it.
 */
export async function claimStripeEvent(
  trx: Database,
  event: { id: string; type: string; createdAt: Date },
): Promise<boolean> {
  const claimed = await trx('stripe_events')
    .insert({ id: event.id, type: event.type, stripe_created_at: event.createdAt, outcome: 'ignored' })
    .onConflict('id')
    .ignore()
    .returning('id');
  return claimed.length > 0;
}

/** What applying the event did, and to which user. */
export async function recordStripeEventOutcome(
  trx: Database,
  id: string,
  outcome: StripeEventOutcome,
  userId: string | null,
): Promise<void> {
  await trx('stripe_events').where({ id }).update({ outcome, user_id: userId });
}
