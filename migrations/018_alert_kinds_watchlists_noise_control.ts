import type { Knex } from 'knex';

/**
 * Alerts beyond the mention threshold, watchlists and per-user noise control.
 *
 * - `alerts.kind` ('threshold' by default, so every existing alert keeps its meaning) with each kind's parameters in
 *   typed columns, checked per kind: a spike's factor and minimum count, a sentiment flip's minimum count, a new trend's
 *   scope. A new-trend alert on the watchlist or on any stock names no stock, so `stock_id` may be null for it only.
 * - `last_sentiment`: a sentiment flip's crossing state, the majority last established (bullish or bearish).
 * - `alert_trend_entries`: a new-trend alert's crossing state per stock (one alert may watch many stocks): whether the
 *   stock is in the trending set now, and how many times it entered (part of the notification's idempotency key). For
 *   new-trend alerts `is_above` means the alert has recorded the trending set it starts from, so only later entries fire.
 * - `watchlist_items`: the stocks a user starred.
 * - Users' quiet hours (local HH:MM in their IANA time zone) and hourly alert cap. Alert notifications that fall in quiet
 *   hours or past the cap are `held`, then sent together as one digest (`batched`, pointing at it through `batch_id`).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('alerts', (t) => {
    t.text('kind').notNullable().defaultTo('threshold');
    t.decimal('spike_factor', 5, 2);
    t.integer('min_mentions');
    t.text('trend_scope');
    t.text('last_sentiment');
  });
  await db.raw('ALTER TABLE alerts ALTER COLUMN stock_id DROP NOT NULL, ALTER COLUMN mention_threshold DROP NOT NULL');
  await db.raw(
    `ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN ('threshold','spike','new_trend','sentiment_flip'))`,
  );
  await db.raw(`ALTER TABLE alerts ADD CONSTRAINT alerts_kind_params_check CHECK (
    CASE kind
      WHEN 'threshold' THEN stock_id IS NOT NULL AND mention_threshold IS NOT NULL
      WHEN 'spike' THEN stock_id IS NOT NULL AND spike_factor BETWEEN 1.5 AND 20 AND min_mentions >= 1
      WHEN 'sentiment_flip' THEN stock_id IS NOT NULL AND min_mentions >= 1
      WHEN 'new_trend' THEN trend_scope IN ('stock','watchlist','any') AND (stock_id IS NOT NULL) = (trend_scope = 'stock')
    END)`);
  await db.raw(
    `ALTER TABLE alerts ADD CONSTRAINT alerts_last_sentiment_check CHECK (last_sentiment IN ('bullish','bearish'))`,
  );
  // One alert per user and identical parameters (of any kind): duplicates only multiplied the messages of one event.
  await db.raw('DROP INDEX IF EXISTS alerts_user_stock_threshold_window_unique');
  await db.raw(`CREATE UNIQUE INDEX alerts_user_kind_params_unique ON alerts (user_id, kind, COALESCE(stock_id, 0), COALESCE(mention_threshold, 0),
    window_minutes, COALESCE(spike_factor, 0), COALESCE(min_mentions, 0), COALESCE(trend_scope, ''))`);

  await db.schema.createTable('alert_trend_entries', (t) => {
    t.integer('alert_id').notNullable().references('alerts.id').onDelete('CASCADE');
    t.integer('stock_id').notNullable().references('stocks.id').onDelete('CASCADE');
    t.boolean('is_trending').notNullable().defaultTo(false);
    t.integer('entry_count').notNullable().defaultTo(0);
    // The per-user daily cap on new-trend alerts counts entries notified since the day began.
    t.timestamp('last_notified_at', { useTz: true });
    t.primary(['alert_id', 'stock_id']);
  });

  await db.schema.createTable('watchlist_items', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('stock_id').notNullable().references('stocks.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.primary(['user_id', 'stock_id']);
  });
  await db.raw('CREATE INDEX watchlist_items_stock_index ON watchlist_items (stock_id)');

  await db.schema.alterTable('users', (t) => {
    t.text('time_zone').notNullable().defaultTo('UTC');
    t.text('quiet_hours_start');
    t.text('quiet_hours_end');
    t.integer('max_alerts_per_hour').notNullable().defaultTo(10);
  });
  await db.raw(`ALTER TABLE users ADD CONSTRAINT users_quiet_hours_check CHECK (
    (quiet_hours_start IS NULL) = (quiet_hours_end IS NULL)
    AND quiet_hours_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND quiet_hours_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`);
  await db.raw(
    'ALTER TABLE users ADD CONSTRAINT users_max_alerts_per_hour_check CHECK (max_alerts_per_hour BETWEEN 1 AND 100)',
  );

  await db.schema.alterTable('notifications', (t) => {
    t.bigInteger('batch_id').references('notifications.id').onDelete('SET NULL');
  });
  await db.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_status_check');
  await db.raw(
    `ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('pending','sending','sent','failed','unconfirmed','held','batched'))`,
  );
  await db.raw(`CREATE INDEX notifications_held_index ON notifications (user_id, channel) WHERE status = 'held'`);
  await db.raw(
    `CREATE INDEX notifications_alert_sent_index ON notifications (user_id, channel, created_at) WHERE kind IN ('alert','alert_digest')`,
  );
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS notifications_alert_sent_index');
  await db.raw('DROP INDEX IF EXISTS notifications_held_index');
  await db.raw(`UPDATE notifications SET status = 'sent' WHERE status IN ('held','batched')`);
  await db.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_status_check');
  await db.raw(
    `ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('pending','sending','sent','failed','unconfirmed'))`,
  );
  await db.schema.alterTable('notifications', (t) => t.dropColumn('batch_id'));
  await db.raw(
    'ALTER TABLE users DROP CONSTRAINT users_max_alerts_per_hour_check, DROP CONSTRAINT users_quiet_hours_check',
  );
  await db.schema.alterTable('users', (t) => {
    t.dropColumn('max_alerts_per_hour');
    t.dropColumn('quiet_hours_end');
    t.dropColumn('quiet_hours_start');
    t.dropColumn('time_zone');
  });
  await db.schema.dropTableIfExists('watchlist_items');
  await db.schema.dropTableIfExists('alert_trend_entries');
  await db.raw('DROP INDEX IF EXISTS alerts_user_kind_params_unique');
  await db.raw(`DELETE FROM alerts WHERE kind <> 'threshold'`);
  await db.raw(
    'ALTER TABLE alerts DROP CONSTRAINT alerts_last_sentiment_check, DROP CONSTRAINT alerts_kind_params_check, DROP CONSTRAINT alerts_kind_check',
  );
  await db.raw('ALTER TABLE alerts ALTER COLUMN stock_id SET NOT NULL, ALTER COLUMN mention_threshold SET NOT NULL');
  await db.schema.alterTable('alerts', (t) => {
    t.dropColumn('last_sentiment');
    t.dropColumn('trend_scope');
    t.dropColumn('min_mentions');
    t.dropColumn('spike_factor');
    t.dropColumn('kind');
  });
  await db.raw(
    'CREATE UNIQUE INDEX alerts_user_stock_threshold_window_unique ON alerts (user_id, stock_id, mention_threshold, window_minutes)',
  );
}
