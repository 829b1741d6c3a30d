import type { Knex } from 'knex';

const COUNT_COLUMNS = [
  'total_mentions',
  'reddit_mentions',
  'twitter_mentions',
  'youtube_mentions',
  'tiktok_mentions',
  'instagram_mentions',
] as const;

// The stock list counts mentions from the ClickHouse rollups for the range asked; these per-scan 24-hour copies in
// Postgres had no reader, so they only cost a rewrite of every stock row after every scan.
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('stocks', (t) => {
    for (const column of COUNT_COLUMNS) t.dropColumn(column);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('stocks', (t) => {
    for (const column of COUNT_COLUMNS) t.integer(column).notNullable().defaultTo(0);
  });
}
