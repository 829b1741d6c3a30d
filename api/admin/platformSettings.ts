import type { PlatformSetting, PlatformSettingInput } from '../../core/contracts/admin';
import type { Database } from '../../platform/database';
import {
  allPlatformSettings,
  lockPlatformSettingValues,
  upsertPlatformSetting,
  type PlatformSettingRow,
} from '../../warehouse/postgres/platformSettings';
import type { AdminActor } from './adminActor';
import { recordAdminAction } from '../../warehouse/postgres/adminAuditLog';

const toSetting = (row: PlatformSettingRow): PlatformSetting => ({
  platform: row.platform,
  settingType: row.setting_type,
  values: row.values,
  isActive: row.is_active,
  updatedAt: row.updated_at.toISOString(),
});

/** Every stored source list, by platform then setting type. */
export async function listPlatformSettings(db: Database): Promise<PlatformSetting[]> {
  return (await allPlatformSettings(db)).map(toSetting);
}

/** Replaces one source list (created when missing) and records the change; scans read it from their next run. */
export async function savePlatformSetting(
  db: Database,
  actor: AdminActor,
  input: PlatformSettingInput,
): Promise<PlatformSetting> {
  return db.transaction(async (trx) => {
    const before = await lockPlatformSettingValues(trx, input.platform, input.settingType);
    const row = await upsertPlatformSetting(trx, input.platform, input.settingType, input.values);
    await recordAdminAction(trx, {
      actor,
      action: 'platformSettings.save',
      targetType: 'platform_setting',
      targetId: `${input.platform}/${input.settingType}`,
      before: before ? { values: before.values } : null,
      after: { values: input.values },
    });
    return toSetting(row);
  });
}
