import type { Knex } from 'knex';
import type { PlatformStatus } from '../../core/contracts/platformStatus';
import type { Platform } from '../../workflows/connectors/types';

const dashboardPlatforms = ['reddit', 'twitter', 'youtube'] as const;

/** True when any of the dashboard's platforms is fed by its real API rather than the simulated feed. */
export const usingRealAPIs = (realPlatforms: readonly Platform[]) => dashboardPlatforms.some((p) => realPlatforms.includes(p));

/** A platform is connected when it has at least one active source to scan. */
export async function platformStatus(db: Knex, realPlatforms: readonly Platform[]): Promise<PlatformStatus> {
  const rows = await db('platform_settings')
    .whereIn('platform', dashboardPlatforms)
    .andWhere({ is_active: true })
    .select<{ platform: string; values: string[] }[]>('platform', 'values');
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
  };
}
