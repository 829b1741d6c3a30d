import type { Database } from '../../platform/database';

/** One round trip to Postgres (health and the worker's store probe). */
export async function pingPostgres(db: Database): Promise<void> {
  await db.raw('SELECT 1');
}
