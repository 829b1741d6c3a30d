import type { Knex } from 'knex';

/**
 * Account lifecycle and sign-in limits:
 * - users: when the e-mail and the phone were verified, an e-mail change waiting for its link, and when the trial expired.
 * - account_tokens: single-use secrets (e-mail verification, password reset, e-mail change, phone code), stored as SHA-256
 *   hashes only, each with its expiry; a phone code also counts wrong guesses.
 * - login_sources: the addresses and devices a user has signed in from, so the per-account slowdown never applies to them.
 *
 * Users that exist before this migration signed up when nothing was verified: their e-mail counts as verified (their
 * alerts keep arriving), their phone does not (SMS costs money and reaches a stranger's phone; they verify it once).
 * The seeded admin is verified the same way (column default).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (t) => {
    // Defaults to now: rows written by trusted paths (the admin seed, existing users) count as verified; sign-up and
    // card sign-up insert null and send the link.
    t.timestamp('email_verified_at', { useTz: true }).defaultTo(db.fn.now());
    t.timestamp('phone_verified_at', { useTz: true });
    t.text('pending_email');
  });

  await db.schema.createTable('account_tokens', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('purpose').notNullable();
    t.text('token_hash').notNullable().unique();
    // What the token proves: the address or phone number it was sent to.
    t.text('target');
    t.integer('failed_attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['user_id', 'purpose']);
  });
  await db.raw(
    `ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('verify_email','reset_password','change_email','verify_phone'))`,
  );

  await db.schema.createTable('login_sources', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // 'ip:<address>' or 'device:<sha-256 of the device cookie>'.
    t.text('source').notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.primary(['user_id', 'source']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('login_sources');
  await db.schema.dropTableIfExists('account_tokens');
  await db.schema.alterTable('users', (t) => {
    t.dropColumn('pending_email');
    t.dropColumn('phone_verified_at');
    t.dropColumn('email_verified_at');
  });
}
