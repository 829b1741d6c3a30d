import type { Knex } from 'knex';

/**
 * Webhooks: a user's targets (at most a few), their signing secret, an optional per-alert target that overrides the
 * user's, and the delivery log. A delivery is one (firing, target) pair: its key is unique, so recording the same
 * firing twice (a retried or replayed evaluation) records one delivery, and the key is the receiver's idempotency key.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('webhook_targets', (t) => {
    t.increments('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('url').notNullable();
    t.text('format').notNullable().defaultTo('json');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.unique(['user_id', 'url']);
  });
  await db.raw(
    `ALTER TABLE webhook_targets ADD CONSTRAINT webhook_targets_format_check CHECK (format IN ('json','slack','discord'))`,
  );

  await db.schema.createTable('webhook_secrets', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('secret').notNullable();
    t.timestamp('rotated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });

  await db.schema.createTable('alert_webhooks', (t) => {
    t.integer('alert_id').primary().references('alerts.id').onDelete('CASCADE');
    t.text('url').notNullable();
    t.text('format').notNullable().defaultTo('json');
  });
  await db.raw(
    `ALTER TABLE alert_webhooks ADD CONSTRAINT alert_webhooks_format_check CHECK (format IN ('json','slack','discord'))`,
  );

  await db.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id').primary();
    t.text('delivery_key').notNullable().unique();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('alert_id').references('alerts.id').onDelete('SET NULL');
    t.text('event').notNullable(); // alert.fired, webhook.test
    t.text('url').notNullable();
    t.text('format').notNullable();
    t.jsonb('payload').notNullable();
    // pending → delivering → delivered | failed (retried by Temporal while attempts remain).
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('http_status');
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('last_attempt_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
  });
  await db.raw(
    `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending','delivering','delivered','failed'))`,
  );
  await db.raw('CREATE INDEX webhook_deliveries_user_index ON webhook_deliveries (user_id, created_at DESC)');
  await db.raw(`CREATE INDEX webhook_deliveries_pending_index ON webhook_deliveries (id) WHERE status = 'pending'`);
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('webhook_deliveries');
  await db.schema.dropTableIfExists('alert_webhooks');
  await db.schema.dropTableIfExists('webhook_secrets');
  await db.schema.dropTableIfExists('webhook_targets');
}
