import type { Knex } from 'knex';

/**
 * One alert per (user, stock, threshold, window): identical alerts only multiplied the e-mails of one crossing.
 * Existing duplicates are folded into the oldest of each group before the unique index is built.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`DELETE FROM alerts a USING alerts b
    WHERE a.user_id = b.user_id AND a.stock_id = b.stock_id AND a.mention_threshold = b.mention_threshold
      AND a.window_minutes = b.window_minutes AND a.id > b.id`);
  await db.raw(
    'CREATE UNIQUE INDEX alerts_user_stock_threshold_window_unique ON alerts (user_id, stock_id, mention_threshold, window_minutes)',
  );
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS alerts_user_stock_threshold_window_unique');
}
