import type { Knex } from 'knex';

/**
 * Allowance that API processes claim in blocks, so a call is counted in memory instead of by a statement of its own
 * while the sum of what every process may serve stays within the key's allowance.
 *
 * - `api_key_usage.reserved`: how much of the UTC day's allowance processes have claimed (requests served stay in
 *   `requests`, written in batches; reserved ≥ requests). Rows written before this migration counted every served
 *   request as it went, so their claim starts at what they served.
 * - `api_key_minute_allowance`: each key's current one-minute window (it starts at the first call after the last one
 *   ended, as the rate_limits window did) and how much of it processes have claimed.
 * - `last_claim` (both): how much the latest claim got, read back by the statement that made it.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('api_key_usage', (t) => {
    t.integer('reserved').notNullable().defaultTo(0);
    t.integer('last_claim').notNullable().defaultTo(0);
  });
  await db('api_key_usage').update({ reserved: db.ref('requests') });
  await db.schema.createTable('api_key_minute_allowance', (t) => {
    t.bigInteger('key_id').primary().references('api_keys.id').onDelete('CASCADE');
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('reserved').notNullable();
    t.integer('last_claim').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('api_key_minute_allowance');
  await db.schema.alterTable('api_key_usage', (t) => {
    t.dropColumn('reserved');
    t.dropColumn('last_claim');
  });
}
