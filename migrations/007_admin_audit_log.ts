import type { Knex } from 'knex';

/** Every admin change: who did what to whom, with the state before and after. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('admin_audit_log', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('actor_id').references('users.id').onDelete('SET NULL');
    t.text('actor_email').notNullable();
    t.text('action').notNullable();
    t.text('target_type').notNullable();
    t.text('target_id');
    t.jsonb('before');
    t.jsonb('after');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw('CREATE INDEX admin_audit_log_created_at_index ON admin_audit_log (created_at DESC)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('admin_audit_log');
}
