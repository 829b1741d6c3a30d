import { defaultSourceLists } from '../core/sources/defaultSourceLists';
import type { Database } from '../platform/database';
import { insertMissingPlatformSettings } from '../warehouse/postgres/platformSettings';

/** Inserts the default source lists where a platform/setting pair has none yet; never overwrites the admin's edits. */
export function seedSourceLists(db: Database): Promise<number> {
  return insertMissingPlatformSettings(db, defaultSourceLists);
}
