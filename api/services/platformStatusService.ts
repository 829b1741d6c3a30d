import type { PlatformStatus } from '../../core/contracts/platformStatus';
import { currentOrLastSession } from '../../core/market/marketHours';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { activeSourceLists } from '../../warehouse/postgres/platformSettings';
import { firstMentionHour } from '../../warehouse/queries/firstMentionHour';
import { dashboardPlatforms, type Platform } from '../../core/platforms';

/** True when any of the dashboard's platforms is fed by its real API rather than the simulated feed. */
export const usingRealAPIs = (realPlatforms: readonly Platform[]) =>
  dashboardPlatforms.some((p) => realPlatforms.includes(p));

export interface PlatformStatusDeps {
  db: Database;
  warehouse: Warehouse;
  realPlatforms: readonly Platform[];
  /** The price provider the worker uses (see priceSource). */
  prices: { source: string; simulated: boolean };
  now?: () => Date;
}

/**
 * A platform is connected when it has at least one active source to scan. Also says where prices come from and which
 * market session they belong to, and since when mentions are held; that last figure is left out (null) while ClickHouse
 * cannot answer, so the status keeps working through an outage.
 */
export async function platformStatus(deps: PlatformStatusDeps): Promise<PlatformStatus> {
  const { db, realPlatforms } = deps;
  const session = currentOrLastSession((deps.now ?? (() => new Date()))());
  const mentionsSince = firstMentionHour(deps.warehouse).catch(() => null);
  const rows = await activeSourceLists(db, dashboardPlatforms);
  const state = (platform: (typeof dashboardPlatforms)[number]) => {
    const sources = rows.filter((r) => r.platform === platform).flatMap((r) => r.values);
    return { connected: sources.length > 0, sources, simulated: !realPlatforms.includes(platform) };
  };
  const reddit = state('reddit');
  const twitter = state('twitter');
  const youtube = state('youtube');
  return {
    reddit,
    twitter,
    youtube,
    totalConnected: [reddit, twitter, youtube].filter((p) => p.connected).length,
    maxConnections: 3,
    usingRealAPIs: usingRealAPIs(realPlatforms),
    prices: { ...deps.prices, marketOpen: session.open, session: session.date },
    mentionsSince: (await mentionsSince)?.toISOString() ?? null,
  };
}
