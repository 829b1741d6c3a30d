import type { Knex } from 'knex';

/**
 * What the price did after each alert fired: the price at the firing and 15, 30 and 60 minutes later, filled from the
 * stored price ticks once each moment has passed. One row per firing (its key is unique, so recording is idempotent);
 * `simulated` says whether the prices came from the simulated walk, which says nothing about markets.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('alert_outcomes', (t) => {
    t.bigIncrements('id').primary();
    t.text('firing_key').notNullable().unique();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('alert_id').references('alerts.id').onDelete('SET NULL');
    t.text('ticker').notNullable();
    t.text('kind').notNullable().defaultTo('threshold');
    t.timestamp('fired_at', { useTz: true }).notNullable();
    t.decimal('price_at_fire', 12, 4);
    t.decimal('price_15m', 12, 4);
    t.decimal('price_30m', 12, 4);
    t.decimal('price_60m', 12, 4);
    t.boolean('simulated');
    // Set once the last moment is past and its price is filled or known to be missing: never looked at again.
    t.timestamp('settled_at', { useTz: true });
  });
  await db.raw('CREATE INDEX alert_outcomes_user_index ON alert_outcomes (user_id, fired_at DESC)');
  await db.raw('CREATE INDEX alert_outcomes_open_index ON alert_outcomes (fired_at) WHERE settled_at IS NULL');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('alert_outcomes');
}
