import type { YouTubeQuota } from '../../core/contracts/admin';
import type { Database } from '../../platform/database';
import { activeSourceLists } from '../../warehouse/postgres/platformSettings';
import { quotaDay } from '../../domain/quota/quotaDay';
import { createQuotaUsageStore } from '../../warehouse/postgres/apiQuotaUsage';

export interface YouTubeQuotaDeps {
  db: Database;
  dailyQuota: number;
  live: boolean;
  now?: () => number;
}

/** Today's YouTube units per active source (zero for sources not scanned yet) and per source no longer listed that spent some. */
export function createYouTubeQuotaReport(deps: YouTubeQuotaDeps) {
  const usage = createQuotaUsageStore(deps.db);
  const now = deps.now ?? Date.now;
  return async function youtubeQuota(): Promise<YouTubeQuota> {
    const { day, endsAt } = quotaDay(now());
    const [rows, lists] = await Promise.all([usage.day('youtube', day), activeSourceLists(deps.db, ['youtube'])]);
    const active = lists.flatMap((l) => l.values.map((source) => ({ settingType: l.setting_type, source })));
    const share = deps.dailyQuota / Math.max(1, active.length);
    const spentBy = new Map(rows.map((r) => [`${r.settingType}\u0000${r.source}`, r]));
    const listed = new Set(active.map((a) => `${a.settingType}\u0000${a.source}`));
    const sources = [...active, ...rows.filter((r) => !listed.has(`${r.settingType}\u0000${r.source}`))].map((s) => {
      const spent = spentBy.get(`${s.settingType}\u0000${s.source}`);
      const searchUnits = spent?.searchUnits ?? 0;
      const readUnits = spent?.readUnits ?? 0;
      return {
        settingType: s.settingType,
        source: s.source,
        searchUnits,
        readUnits,
        units: searchUnits + readUnits,
        share: listed.has(`${s.settingType}\u0000${s.source}`) ? Math.floor(share) : 0,
      };
    });
    return {
      day,
      resetsAt: new Date(endsAt).toISOString(),
      dailyQuota: deps.dailyQuota,
      spent: sources.reduce((n, s) => n + s.units, 0),
      live: deps.live,
      sources,
    };
  };
}
