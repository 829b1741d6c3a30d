import type { Knex } from 'knex';

/**
 * Quota units each source spent per quota day (YouTube: search.list 100, list calls 1; the day is Pacific time, as
 * Google resets it). Scans plan what they may read from it, and the admin's Pipelines tab shows it.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('api_quota_usage', (t) => {
    t.string('platform', 20).notNullable();
    t.string('setting_type', 50).notNullable();
    t.text('source').notNullable();
    t.date('day').notNullable();
    t.integer('search_units').notNullable().defaultTo(0);
    t.integer('read_units').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.primary(['platform', 'day', 'setting_type', 'source']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('api_quota_usage');
}
