import type { ApiKey, TopApiKeys } from '../../core/contracts/apiKeys';
import type { Database } from '../../platform/database';
import { TRIAL_ENDED_SQL } from './trials';

/** API keys of the public read API and their requests per UTC day (`api_keys`, `api_key_usage`). */

interface KeyRow {
  id: number;
  name: string;
  key_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** The stored half of a new key: its name, displayable prefix and SHA-256. */
export interface NewApiKey {
  name: string;
  prefix: string;
  hash: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A `date` column as YYYY-MM-DD (read as text, so no time zone shifts it). */
const DAY_TEXT = `to_char(day, 'YYYY-MM-DD')`;

async function withUsage(db: Database, rows: KeyRow[], today: string, since: string): Promise<ApiKey[]> {
  const usage =
    rows.length === 0
      ? []
      : await db('api_key_usage')
          .whereIn(
            'key_id',
            rows.map((r) => r.id),
          )
          .where('day', '>=', since)
          .orderBy(['key_id', 'day'])
          .select<Array<{ key_id: number; day: string; requests: number }>>(
            'key_id',
            db.raw(`${DAY_TEXT} AS day`),
            'requests',
          );
  return rows.map((r) => {
    const days = usage.filter((u) => u.key_id === r.id).map((u) => ({ day: u.day, requests: u.requests }));
    return {
      id: r.id,
      name: r.name,
      prefix: r.key_prefix,
      createdAt: r.created_at.toISOString(),
      lastUsedAt: iso(r.last_used_at),
      requestsToday: days.find((d) => d.day === today)?.requests ?? 0,
      usage: days,
    };
  });
}

/** The user's live (not revoked) keys, oldest first, with their requests per day since `since` (YYYY-MM-DD). */
export async function listApiKeys(db: Database, userId: string, today: string, since: string): Promise<ApiKey[]> {
  const rows = await db('api_keys')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .orderBy('id')
    .select<KeyRow[]>('id', 'name', 'key_prefix', 'created_at', 'last_used_at');
  return withUsage(db, rows, today, since);
}

export type InsertApiKeyResult = { key: ApiKey } | { limitReached: true };

/** Adds a key unless the user has `max` live ones; the user's row is locked so a burst of creations cannot pass the cap together. */
export async function insertApiKey(
  db: Database,
  userId: string,
  key: NewApiKey,
  max: number,
): Promise<InsertApiKeyResult> {
  return await db.transaction(async (trx) => {
    await trx('users').where({ id: userId }).forNoKeyUpdate().first('id');
    const [counted] = await trx('api_keys')
      .where({ user_id: userId })
      .whereNull('revoked_at')
      .count<{ count: number }[]>('* as count');
    if (Number(counted?.count ?? 0) >= max) return { limitReached: true as const };
    const [row] = await trx('api_keys')
      .insert({ user_id: userId, name: key.name, key_prefix: key.prefix, key_hash: key.hash })
      .returning<KeyRow[]>(['id', 'name', 'key_prefix', 'created_at', 'last_used_at']);
    return {
      key: {
        id: row!.id,
        name: row!.name,
        prefix: row!.key_prefix,
        createdAt: row!.created_at.toISOString(),
        lastUsedAt: null,
        requestsToday: 0,
        usage: [],
      },
    };
  });
}

/** Revokes one of the user's live keys; false when the user has no such key (another user's included). */
export async function revokeApiKey(db: Database, userId: string, id: number, now: Date): Promise<boolean> {
  return (await db('api_keys').where({ id, user_id: userId }).whereNull('revoked_at').update({ revoked_at: now })) > 0;
}

/** What decides whether a user's keys may read. */
export interface ApiKeyOwnerRow {
  is_active: boolean;
  role: 'user' | 'admin';
  subscription_status: string;
  /** A card-free trial past its end that the sign-in or the daily sweep has not marked expired yet. */
  trial_ended: boolean;
}

/** What a call with a key needs to know about it and its owner. */
export interface ApiKeyCallerRow extends ApiKeyOwnerRow {
  id: number;
  user_id: string;
  revoked: boolean;
}

/** The user's state that decides whether their keys may read (undefined when there is no such user). */
export async function apiKeyOwner(db: Database, userId: string, now: Date): Promise<ApiKeyOwnerRow | undefined> {
  const result = await db.raw<{ rows: ApiKeyOwnerRow[] }>(
    `SELECT u.is_active, u.role, u.subscription_status, ${TRIAL_ENDED_SQL} AS trial_ended FROM users u WHERE u.id = ?`,
    [now, userId],
  );
  return result.rows[0];
}

/** The key with this SHA-256 and its owner's state, or undefined for a key nobody has. */
export async function apiKeyCaller(db: Database, hash: string, now: Date): Promise<ApiKeyCallerRow | undefined> {
  const result = await db.raw<{ rows: ApiKeyCallerRow[] }>(
    `SELECT k.id, k.user_id, k.revoked_at IS NOT NULL AS revoked, u.is_active, u.role, u.subscription_status, ${TRIAL_ENDED_SQL} AS trial_ended
     FROM api_keys k JOIN users u ON u.id = k.user_id
     WHERE k.key_hash = ?`,
    [now, hash],
  );
  return result.rows[0];
}

/** Requests a process served with a key on a UTC day since its last write, and when it last served one. */
export interface ApiKeyUsageDelta {
  keyId: number;
  day: string;
  requests: number;
  lastUsedAt: Date;
}

/**
 * Adds served requests to each key's day (the row exists: its allowance was claimed before any request was served; a
 * key deleted since is skipped) and moves each key's last-used time, at most once a minute.
 */
export async function addApiKeyUsage(db: Database, deltas: ApiKeyUsageDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await db.raw(
    `WITH d AS (SELECT * FROM unnest(?::bigint[], ?::date[], ?::int[], ?::timestamptz[]) AS d(key_id, day, requests, used_at)),
     counted AS (
       UPDATE api_key_usage u SET requests = u.requests + d.requests FROM d WHERE u.key_id = d.key_id AND u.day = d.day
       RETURNING u.key_id),
     latest AS (SELECT key_id, max(used_at) AS used_at FROM d GROUP BY key_id)
     UPDATE api_keys k SET last_used_at = latest.used_at FROM latest
     WHERE k.id = latest.key_id AND (k.last_used_at IS NULL OR k.last_used_at < latest.used_at - interval '1 minute')`,
    [
      deltas.map((d) => d.keyId),
      deltas.map((d) => d.day),
      deltas.map((d) => d.requests),
      deltas.map((d) => d.lastUsedAt),
    ],
  );
}

/** The keys with the most requests on a day, with their owners' e-mail addresses. */
export async function topApiKeys(db: Database, day: string, limit: number): Promise<TopApiKeys['keys']> {
  const rows = await db('api_key_usage as u')
    .join('api_keys as k', 'k.id', 'u.key_id')
    .join('users as usr', 'usr.id', 'k.user_id')
    .where('u.day', day)
    .orderBy([{ column: 'u.requests', order: 'desc' }, { column: 'k.id' }])
    .limit(limit)
    .select<
      Array<{
        id: number;
        name: string;
        key_prefix: string;
        email: string;
        requests: number;
        last_used_at: Date | null;
        revoked_at: Date | null;
      }>
    >('k.id', 'k.name', 'k.key_prefix', 'usr.email', 'u.requests', 'k.last_used_at', 'k.revoked_at');
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.key_prefix,
    userEmail: r.email,
    requests: r.requests,
    lastUsedAt: iso(r.last_used_at),
    revoked: r.revoked_at !== null,
  }));
}
