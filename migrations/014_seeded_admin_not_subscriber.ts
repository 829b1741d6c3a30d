import type { Knex } from 'knex';

/**
 * The seeded admin account used to be created with status `active`, which made it count as a $49/month subscriber in
 * the admin stats of every install. It pays nothing: an admin row that still carries the seed's own name and has no
 * Stripe subscription goes back to `none`. An admin someone later subscribed (a Stripe subscription id) keeps its status.
 */
export async function up(db: Knex): Promise<void> {
  await db('users')
    .where({
      role: 'admin',
      subscription_status: 'active',
      username: 'admin',
      first_name: 'StockPulse',
      last_name: 'Admin',
    })
    .whereNull('stripe_subscription_id')
    .update({ subscription_status: 'none', updated_at: db.fn.now() });
}

/** Nothing to undo: `active` was never true of this account. */
export async function down(): Promise<void> {}
