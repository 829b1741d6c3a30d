import type { Database } from '../../platform/database';

/** Identifies one source of one platform's list. */
export interface SourceKey {
  platform: string;
  settingType: string;
  source: string;
}

const keyColumns = (key: SourceKey) => ({ platform: key.platform, setting_type: key.settingType, source: key.source });
const CONFLICT = ['platform', 'setting_type', 'source'];

/** Where the source's last scan stopped, or null before its first. */
export async function sourceCursor(db: Database, key: SourceKey): Promise<string | null> {
  const row = await db('source_cursors').where(keyColumns(key)).first<{ cursor: string | null } | undefined>('cursor');
  return row?.cursor ?? null;
}

/** Moves the cursor after a scan wrote what it fetched, and clears the source's last error. */
export async function saveSourceCursor(db: Database, key: SourceKey, cursor: string | null, at: Date): Promise<void> {
  await db('source_cursors')
    .insert({ ...keyColumns(key), cursor, last_scan_at: at, last_error: null, updated_at: at })
    .onConflict(CONFLICT)
    .merge(['cursor', 'last_scan_at', 'last_error', 'updated_at']);
}

/** Records why the source failed for good, keeping its cursor. */
export async function saveSourceError(db: Database, key: SourceKey, message: string, at: Date): Promise<void> {
  await db('source_cursors')
    .insert({ ...keyColumns(key), last_error: message, updated_at: at })
    .onConflict(CONFLICT)
    .merge(['last_error', 'updated_at']);
}
