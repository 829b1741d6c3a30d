import type { Knex } from 'knex';

/** Addresses from the blog's newsletter box (users expect it to work). */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('newsletter_subscribers', (t) => {
    t.increments('id').primary();
    t.text('email').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw(
    'CREATE UNIQUE INDEX newsletter_subscribers_email_lower_unique ON newsletter_subscribers (lower(email))',
  );
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('newsletter_subscribers');
}
