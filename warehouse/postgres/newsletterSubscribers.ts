import type { Database } from '../../platform/database';

/** Stores the address once (compared case-insensitively); true when it is new. Idempotent. */
export async function subscribeToNewsletter(db: Database, email: string): Promise<boolean> {
  const inserted = await db.raw(
    `INSERT INTO newsletter_subscribers (email) VALUES (?) ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [email],
  );
  return inserted.rows.length > 0;
}
