import type { Knex } from 'knex';
import type { PlatformSetting, PlatformSettingInput } from '../../core/contracts/admin';
import type { AdminActor } from './adminActor';
import { recordAdminAction } from './auditLog';

interface PlatformSettingRow {
  platform: string;
  setting_type: string;
  values: string[];
  is_active: boolean;
  updated_at: Date;
}

const toSetting = (row: PlatformSettingRow): PlatformSetting => ({
  platform: row.platform,
  settingType: row.setting_type,
  values: row.values,
  isActive: row.is_active,
  updatedAt: row.updated_at.toISOString(),
});

/** Every stored source list, by platform then setting type. */
export async function listPlatformSettings(db: Knex): Promise<PlatformSetting[]> {
  const rows = await db<PlatformSettingRow>('platform_settings').orderBy(['platform', 'setting_type']).select('platform', 'setting_type', 'values', 'is_active', 'updated_at');
  return (rows as PlatformSettingRow[]).map(toSetting);
}

/** Replaces one source list (created when missing) and records the change; scans read it from their next run. */
export async function savePlatformSetting(db: Knex, actor: AdminActor, input: PlatformSettingInput): Promise<PlatformSetting> {
  return db.transaction(async (trx) => {
    const key = { platform: input.platform, setting_type: input.settingType };
    const before = (await trx<PlatformSettingRow>('platform_settings').where(key).forUpdate().first('values')) as Pick<PlatformSettingRow, 'values'> | undefined;
    const [row] = (await trx('platform_settings')
      .insert({ ...key, values: input.values, updated_at: trx.fn.now() })
      .onConflict(['platform', 'setting_type'])
      .merge(['values', 'updated_at'])
      .returning(['platform', 'setting_type', 'values', 'is_active', 'updated_at'])) as PlatformSettingRow[];
    await recordAdminAction(trx, {
      actor,
      action: 'platformSettings.save',
      targetType: 'platform_setting',
      targetId: `${input.platform}/${input.settingType}`,
      before: before ? { values: before.values } : null,
      after: { values: input.values },
    });
    return toSetting(row!);
  });
}
