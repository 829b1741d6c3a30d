import type { Knex } from 'knex';

/**
 * Price history bookkeeping.
 * - price_history_coverage: per price source and ticker, the instant up to which its stored history is complete. A
 *   refresh fills from there (the last 7 days on a fresh install, the gap after an outage) and moves it to now.
 * - price_refreshes: one row per price refresh (source, how many tickers it priced, ticks written, history still to
 *   fill), for the admin's Pipelines page. Only the recent ones matter; the refresh trims rows older than 30 days.
 * - stock_splits: a split multiplies the share count by split_to / split_from on executed_on; prices stored before
 *   that day are scaled by split_from / split_to when read, so a series stays continuous (prices are stored as traded).
 * - price_split_days: the New York days whose splits a source has been asked for (each day once).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('price_history_coverage', (t) => {
    t.text('source').notNullable();
    t.text('ticker').notNullable();
    t.timestamp('covered_until', { useTz: true }).notNullable();
    t.primary(['source', 'ticker']);
  });
  await db.schema.createTable('price_refreshes', (t) => {
    t.bigIncrements('id').primary();
    t.timestamp('at', { useTz: true }).notNullable();
    t.text('source').notNullable();
    t.boolean('simulated').notNullable();
    t.integer('tickers').notNullable();
    t.integer('priced').notNullable();
    t.integer('ticks').notNullable();
    t.integer('history_filled').notNullable();
    t.integer('history_pending').notNullable();
    t.text('note');
    t.index(['at']);
  });
  await db.schema.createTable('stock_splits', (t) => {
    t.text('ticker').notNullable();
    t.date('executed_on').notNullable();
    t.decimal('split_from', 12, 4).notNullable();
    t.decimal('split_to', 12, 4).notNullable();
    t.text('source').notNullable();
    t.primary(['ticker', 'executed_on']);
  });
  await db.raw('ALTER TABLE stock_splits ADD CONSTRAINT stock_splits_positive CHECK (split_from > 0 AND split_to > 0)');
  await db.schema.createTable('price_split_days', (t) => {
    t.text('source').notNullable();
    t.date('day').notNullable();
    t.primary(['source', 'day']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('price_split_days');
  await db.schema.dropTableIfExists('stock_splits');
  await db.schema.dropTableIfExists('price_refreshes');
  await db.schema.dropTableIfExists('price_history_coverage');
}
