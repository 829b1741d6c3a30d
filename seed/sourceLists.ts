import type { Knex } from 'knex';
import { defaultSourceLists } from '../core/sources/defaultSourceLists';

/** Inserts the default source lists where a platform/setting pair has none yet; never overwrites the admin's edits. */
export async function seedSourceLists(db: Knex): Promise<number> {
  const rows = defaultSourceLists.map((d) => ({ platform: d.platform, setting_type: d.settingType, values: d.values }));
  const inserted = await db('platform_settings').insert(rows).onConflict(['platform', 'setting_type']).ignore().returning('id');
  return inserted.length;
}
