import type { Knex } from 'knex';

/** Where each source's last scan stopped, so the next one resumes there. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('source_cursors', (t) => {
    t.string('platform', 20).notNullable();
    t.string('setting_type', 50).notNullable();
    t.text('source').notNullable();
    t.text('cursor');
    t.timestamp('last_scan_at', { useTz: true });
    t.text('last_error');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.primary(['platform', 'setting_type', 'source']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('source_cursors');
}
