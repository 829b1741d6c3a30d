import type { Knex } from 'knex';

/**
 * API keys of the public /api/v1 read API and their use per UTC day. Only the SHA-256 of a key is stored (keys are 256
 * random bits, so a fast hash cannot be brute-forced); the prefix is kept to tell keys apart in Settings. A revoked
 * key keeps its row (a call with it is told it was revoked, and its usage stays visible); a deleted account takes its
 * keys and their usage with it.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('api_keys', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('key_prefix').notNullable();
    t.text('key_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id']);
  });
  await db.schema.createTable('api_key_usage', (t) => {
    t.bigInteger('key_id').notNullable().references('api_keys.id').onDelete('CASCADE');
    t.date('day').notNullable();
    t.integer('requests').notNullable().defaultTo(0);
    t.primary(['key_id', 'day']);
  });
  // The admin's top keys read one day across every key.
  await db.raw('CREATE INDEX api_key_usage_day ON api_key_usage (day, requests DESC)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('api_key_usage');
  await db.schema.dropTableIfExists('api_keys');
}
