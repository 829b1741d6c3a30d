import type { Knex } from 'knex';

/**
 * Alert, with the crossing state EvaluateAlerts keeps; every e-mail/SMS attempt (notifications);
 * and the outbox of messages captured in embedded mode (SMTP capture, SMS without Twilio credentials).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('alerts', (t) => {
    t.increments('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('stock_id').notNullable().references('stocks.id').onDelete('CASCADE');
    t.integer('mention_threshold').notNullable();
    t.integer('window_minutes').notNullable().defaultTo(1440);
    t.boolean('email_enabled').notNullable().defaultTo(true);
    t.boolean('sms_enabled').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    // Crossing state: above the threshold since the last crossing; crossings counted (part of the idempotency key).
    t.boolean('is_above').notNullable().defaultTo(false);
    t.integer('crossing_count').notNullable().defaultTo(0);
    t.integer('last_mentions');
    t.timestamp('last_triggered_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['user_id']);
  });
  await db.raw('ALTER TABLE alerts ADD CONSTRAINT alerts_threshold_positive CHECK (mention_threshold > 0)');
  await db.raw('ALTER TABLE alerts ADD CONSTRAINT alerts_window_check CHECK (window_minutes IN (60, 240, 1440))');
  await db.raw('CREATE INDEX alerts_active_index ON alerts (stock_id) WHERE is_active');

  await db.schema.createTable('notifications', (t) => {
    t.bigIncrements('id').primary();
    t.text('idempotency_key').notNullable().unique();
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.integer('alert_id').references('alerts.id').onDelete('SET NULL');
    t.text('kind').notNullable(); // alert, test, digest
    t.text('channel').notNullable(); // email, sms
    t.text('recipient').notNullable();
    t.jsonb('payload').notNullable();
    // pending → sending → sent | failed (retried) ; sending left by a crash mid-send → unconfirmed (never re-sent).
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('error');
    t.text('provider_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('attempted_at', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
  });
  await db.raw(
    `ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('pending','sending','sent','failed','unconfirmed'))`,
  );
  await db.raw(
    `ALTER TABLE notifications ADD CONSTRAINT notifications_channel_check CHECK (channel IN ('email','sms'))`,
  );
  await db.raw(
    `CREATE INDEX notifications_open_index ON notifications (id) WHERE status IN ('pending','failed','sending')`,
  );
  await db.raw('CREATE INDEX notifications_user_index ON notifications (user_id, created_at DESC)');

  await db.schema.createTable('outbox_messages', (t) => {
    t.bigIncrements('id').primary();
    t.text('channel').notNullable(); // email, sms
    t.text('sender').notNullable();
    t.specificType('recipients', 'text[]').notNullable();
    t.text('subject');
    t.text('text_body').notNullable();
    t.text('html_body');
    t.text('message_id');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw('CREATE INDEX outbox_messages_received_index ON outbox_messages (received_at DESC, id DESC)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('outbox_messages');
  await db.schema.dropTableIfExists('notifications');
  await db.schema.dropTableIfExists('alerts');
}
