import type { Database } from '../../platform/database';
import { createQuotaUsageStore } from '../../warehouse/postgres/apiQuotaUsage';
import type { Connector, QuotaAllowance, QuotaKind, Source } from '../scans/connector';
import { quotaDay } from './quotaDay';
import { planQuotaAllowance } from './quotaPlan';

export interface SourceQuota {
  allowance: QuotaAllowance;
  /** Adds what the fetch spent to today's usage of its source. */
  record(): Promise<void>;
}

/**
 * For connectors with a daily unit quota: each fetch's allowance, planned from what the platform's sources spent today,
 * and a record of what the fetch spent.
 */
export function createSourceQuotaPlanner(
  db: Database,
  deps: { now: () => number; sourcesOf: (platform: Source['platform']) => Promise<readonly Source[]> },
) {
  const quotaUsage = createQuotaUsageStore(db);
  return async function planSourceQuota(source: Source, connector: Connector): Promise<SourceQuota | undefined> {
    if (!connector.dailyQuota) return undefined;
    const now = deps.now();
    const { day } = quotaDay(now);
    const [usage, sources] = await Promise.all([quotaUsage.day(source.platform, day), deps.sourcesOf(source.platform)]);
    const own = usage.find((u) => u.settingType === source.settingType && u.source === source.value);
    const units = planQuotaAllowance({
      dailyQuota: connector.dailyQuota,
      sources: sources.length,
      spentBySource: { search: own?.searchUnits ?? 0, read: own?.readUnits ?? 0 },
      spentInAll: usage.reduce((n, u) => n + u.searchUnits + u.readUnits, 0),
      now,
    });
    const spent: Record<QuotaKind, number> = { search: 0, read: 0 };
    return {
      allowance: { units, spend: (kind, n) => (spent[kind] += n) },
      record: () =>
        quotaUsage.add(
          { platform: source.platform, settingType: source.settingType, source: source.value },
          day,
          spent,
        ),
    };
  };
}
