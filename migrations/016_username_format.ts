import type { Knex } from 'knex';

/**
 * Usernames are shown as @username, so they follow one format: 3 to 30 letters, digits or underscores (the contract's
 * USERNAME_PATTERN). NOT VALID: rows written before this rule keep their name, every new or changed one must follow it.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(
    `ALTER TABLE users ADD CONSTRAINT users_username_format CHECK (username ~ '^[A-Za-z0-9_]{3,30}$') NOT VALID`,
  );
}

export async function down(db: Knex): Promise<void> {
  await db.raw('ALTER TABLE users DROP CONSTRAINT IF EXISTS users_username_format');
}
