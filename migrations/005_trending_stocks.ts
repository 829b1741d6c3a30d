import type { Knex } from 'knex';

/** The current trending set, replaced by each trend detection; every detection's scores live in ClickHouse trend_scores. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('trending_stocks', (t) => {
    t.increments('id').primary();
    t.string('ticker', 10).notNullable().unique();
    t.string('name', 255).notNullable();
    t.integer('trend_score').notNullable();
    t.decimal('mention_velocity', 10, 2).notNullable().defaultTo(0);
    t.decimal('sentiment_score', 5, 2).notNullable().defaultTo(0);
    // The majority label of the trend's mentions, for the trending-now badges.
    t.string('sentiment', 20).notNullable().defaultTo('neutral');
    t.boolean('is_new_trend').notNullable().defaultTo(false);
    // When the ticker started trending (kept while it stays in the set); last_updated is the latest detection.
    t.timestamp('detected_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('last_updated', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['detected_at']);
  });
  await db.raw(
    `ALTER TABLE trending_stocks ADD CONSTRAINT trending_stocks_sentiment_check CHECK (sentiment IN ('bullish','bearish','neutral'))`,
  );
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('trending_stocks');
}
