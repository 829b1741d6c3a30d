import type { Knex } from 'knex';

/**
 * Billing: Stripe webhook events already applied (idempotency by event id), and the subscription
 * fields the User contract does not carry but cancellation needs (cancel at period end, period end),
 * plus the time of the newest Stripe event applied to the user (older, out-of-order events are ignored).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('stripe_events', (t) => {
    t.text('id').primary();
    t.text('type').notNullable();
    t.timestamp('stripe_created_at', { useTz: true }).notNullable();
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    /** applied | stale (older than the user's newest applied event) | ignored (no matching user or type) */
    t.text('outcome').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.schema.alterTable('users', (t) => {
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    t.timestamp('current_period_end', { useTz: true });
    t.timestamp('stripe_event_at', { useTz: true });
  });
  await db.raw('CREATE INDEX users_stripe_customer_id_index ON users (stripe_customer_id)');
  await db.raw('CREATE INDEX users_stripe_subscription_id_index ON users (stripe_subscription_id)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS users_stripe_subscription_id_index');
  await db.raw('DROP INDEX IF EXISTS users_stripe_customer_id_index');
  await db.schema.alterTable('users', (t) => {
    t.dropColumn('stripe_event_at');
    t.dropColumn('current_period_end');
    t.dropColumn('cancel_at_period_end');
  });
  await db.schema.dropTableIfExists('stripe_events');
}
