import type { Database } from '../../platform/database';

export interface QuotaUsageRow {
  settingType: string;
  source: string;
  searchUnits: number;
  readUnits: number;
}

export interface SourceKey {
  platform: string;
  settingType: string;
  source: string;
}

/** Units one fetch spent, by kind of call (searches and reads are budgeted apart). */
export interface SpentUnits {
  search: number;
  read: number;
}

/** Units spent per source and quota day (`api_quota_usage`), read to plan scans and shown in the admin's Pipelines. */
export function createQuotaUsageStore(db: Database) {
  return {
    /** Every source's units on one quota day. */
    async day(platform: string, day: string): Promise<QuotaUsageRow[]> {
      const rows = await db('api_quota_usage')
        .where({ platform, day })
        .orderBy(['setting_type', 'source'])
        .select<Array<{ setting_type: string; source: string; search_units: number; read_units: number }>>(
          'setting_type',
          'source',
          'search_units',
          'read_units',
        );
      return rows.map((r) => ({
        settingType: r.setting_type,
        source: r.source,
        searchUnits: r.search_units,
        readUnits: r.read_units,
      }));
    },

    /** Adds what one fetch spent (a retried fetch spends again, so it is counted again: the API charged it twice). */
    async add(key: SourceKey, day: string, spent: SpentUnits): Promise<void> {
      if (spent.search === 0 && spent.read === 0) return;
      await db('api_quota_usage')
        .insert({
          platform: key.platform,
          setting_type: key.settingType,
          source: key.source,
          day,
          search_units: spent.search,
          read_units: spent.read,
          updated_at: new Date(),
        })
        .onConflict(['platform', 'day', 'setting_type', 'source'])
        .merge({
          search_units: db.raw('api_quota_usage.search_units + excluded.search_units'),
          read_units: db.raw('api_quota_usage.read_units + excluded.read_units'),
          updated_at: db.raw('excluded.updated_at'),
        });
    },
  };
}
export type QuotaUsageStore = ReturnType<typeof createQuotaUsageStore>;
