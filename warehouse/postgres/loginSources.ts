import type { Database } from '../../platform/database';

/** Whether the user has signed in from any of these sources (hashed device ids, addresses) before. */
export async function anyKnownLoginSource(db: Database, userId: string, sources: readonly string[]): Promise<boolean> {
  return Boolean(
    await db('login_sources')
      .where({ user_id: userId })
      .whereIn('source', [...sources])
      .first('source'),
  );
}

/** Records the sources as the user's, refreshing when each was last seen. Idempotent. */
export async function rememberLoginSources(db: Database, userId: string, sources: readonly string[]): Promise<void> {
  await db('login_sources')
    .insert(sources.map((source) => ({ user_id: userId, source, last_seen_at: db.fn.now() })))
    .onConflict(['user_id', 'source'])
    .merge(['last_seen_at']);
}
