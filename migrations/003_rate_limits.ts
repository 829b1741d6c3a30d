import type { Knex } from 'knex';

/** Counters of rate-limiter-flexible (login failures per e-mail and per IP, sign-ups per IP), shared by every API process. */
export async function up(db: Knex): Promise<void> {
  await db.raw(
    `CREATE TABLE rate_limits (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
  );
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('rate_limits');
}
