import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  // The ticker universe extraction draws on (symbol, company name, exchange, aliases).
  await db.schema.createTable('tickers', (t) => {
    t.string('symbol', 10).primary();
    t.string('name', 255).notNullable();
    t.string('exchange', 20).notNullable();
    t.specificType('aliases', 'text[]').notNullable().defaultTo('{}');
  });
  // Symbols that are also words or jargon: they count only as $cashtags. Admin-editable.
  await db.schema.createTable('ambiguous_symbols', (t) => {
    t.string('symbol', 10).primary();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  // The current snapshot per stock.
  await db.schema.createTable('stocks', (t) => {
    t.increments('id').primary();
    t.string('ticker', 10).notNullable().unique();
    t.string('name', 255).notNullable();
    t.decimal('price', 10, 2);
    t.decimal('change_percent', 5, 2);
    t.integer('total_mentions').notNullable().defaultTo(0);
    t.integer('reddit_mentions').notNullable().defaultTo(0);
    t.integer('twitter_mentions').notNullable().defaultTo(0);
    t.integer('youtube_mentions').notNullable().defaultTo(0);
    t.integer('tiktok_mentions').notNullable().defaultTo(0);
    t.integer('instagram_mentions').notNullable().defaultTo(0);
    t.string('sentiment', 20).notNullable().defaultTo('neutral');
    t.timestamp('last_updated', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw(
    `ALTER TABLE stocks ADD CONSTRAINT stocks_sentiment_check CHECK (sentiment IN ('bullish','bearish','neutral'))`,
  );
  // Source lists per platform.
  await db.schema.createTable('platform_settings', (t) => {
    t.increments('id').primary();
    t.string('platform', 20).notNullable();
    t.string('setting_type', 50).notNullable();
    t.specificType('values', 'text[]').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.unique(['platform', 'setting_type']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('platform_settings');
  await db.schema.dropTableIfExists('stocks');
  await db.schema.dropTableIfExists('ambiguous_symbols');
  await db.schema.dropTableIfExists('tickers');
}
