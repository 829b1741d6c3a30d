import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.raw('CREATE EXTENSION IF NOT EXISTS pgcrypto');
  await db.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.text('email').notNullable();
    t.text('password_hash').notNullable();
    t.text('username');
    t.text('first_name');
    t.text('last_name');
    t.text('profile_image_url');
    t.text('phone_number');
    t.text('stripe_customer_id');
    t.text('stripe_subscription_id');
    t.text('subscription_status').notNullable().defaultTo('inactive');
    t.timestamp('trial_start_date', { useTz: true });
    t.timestamp('trial_end_date', { useTz: true });
    t.boolean('has_completed_trial').notNullable().defaultTo(false);
    t.text('role').notNullable().defaultTo('user');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('email_alerts').notNullable().defaultTo(true);
    t.boolean('sms_alerts').notNullable().defaultTo(false);
    t.boolean('weekly_digest').notNullable().defaultTo(true);
    t.boolean('market_updates').notNullable().defaultTo(true);
    t.boolean('new_features').notNullable().defaultTo(false);
    t.timestamp('last_login_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw(`ALTER TABLE users ADD CONSTRAINT users_subscription_status_check
    CHECK (subscription_status IN ('inactive','trialing','trial','active','cancelled','expired','none'))`);
  await db.raw(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user','admin'))`);
  // E-mail and username are unique case-insensitively.
  await db.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');
  await db.raw('CREATE UNIQUE INDEX users_username_lower_unique ON users (lower(username)) WHERE username IS NOT NULL');

  await db.schema.createTable('sessions', (t) => {
    t.text('sid').primary();
    t.jsonb('sess').notNullable();
    t.timestamp('expire', { useTz: true }).notNullable().index('sessions_expire_index');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('sessions');
  await db.schema.dropTableIfExists('users');
}
