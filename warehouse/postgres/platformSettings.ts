import type { Database } from '../../platform/database';

/** A row of `platform_settings`: one source list (subreddits, hashtags, keywords, channels) of one platform. */
export interface PlatformSettingRow {
  platform: string;
  setting_type: string;
  values: string[];
  is_active: boolean;
  updated_at: Date;
}

export type ActiveSourceList = Pick<PlatformSettingRow, 'platform' | 'setting_type' | 'values'>;

const COLUMNS = ['platform', 'setting_type', 'values', 'is_active', 'updated_at'] as const;

/** Every stored source list, by platform then setting type. */
export function allPlatformSettings(db: Database): Promise<PlatformSettingRow[]> {
  return db('platform_settings')
    .orderBy(['platform', 'setting_type'])
    .select<PlatformSettingRow[]>(...COLUMNS);
}

/** The active source lists of the given platforms. */
export function activeSourceLists(db: Database, platforms: readonly string[]): Promise<ActiveSourceList[]> {
  return db('platform_settings')
    .whereIn('platform', [...platforms])
    .andWhere({ is_active: true })
    .select<ActiveSourceList[]>('platform', 'setting_type', 'values');
}

/** One list's stored values, locked until the transaction ends (so two saves of one list record their changes in turn). */
export function lockPlatformSettingValues(
  trx: Database,
  platform: string,
  settingType: string,
): Promise<Pick<PlatformSettingRow, 'values'> | undefined> {
  return trx('platform_settings')
    .where({ platform, setting_type: settingType })
    .forUpdate()
    .first<Pick<PlatformSettingRow, 'values'> | undefined>('values');
}

/** Replaces one list's values, creating the list when missing. */
export async function upsertPlatformSetting(
  db: Database,
  platform: string,
  settingType: string,
  values: readonly string[],
): Promise<PlatformSettingRow> {
  const [row] = await db('platform_settings')
    .insert({ platform, setting_type: settingType, values: [...values], updated_at: db.fn.now() })
    .onConflict(['platform', 'setting_type'])
    .merge(['values', 'updated_at'])
    .returning<PlatformSettingRow[]>([...COLUMNS]);
  return row!;
}

/** Inserts lists where a platform/setting pair has none yet, never overwriting a stored one; returns how many it added. */
export async function insertMissingPlatformSettings(
  db: Database,
  lists: ReadonlyArray<{ platform: string; settingType: string; values: readonly string[] }>,
): Promise<number> {
  const inserted = await db('platform_settings')
    .insert(lists.map((l) => ({ platform: l.platform, setting_type: l.settingType, values: [...l.values] })))
    .onConflict(['platform', 'setting_type'])
    .ignore()
    .returning('platform');
  return inserted.length;
}
