/**
 * The social platforms StockPulse reads, in display order. This is the one list: the API's contracts, the connectors,
 * the schedules, the admin's source lists and the dashboard all derive theirs from it. Adding a platform means an
 * entry here, its connector (workflows/connectors/) and its settings (credentials in platform/config.ts, default source
 * lists in core/sources/defaultSourceLists.ts).
 */
const platformInfo = {
  reddit: { label: 'Reddit', sourceLists: ['subreddits'], alwaysShown: true, color: '#f97316' },
  twitter: { label: 'Twitter', sourceLists: ['hashtags', 'keywords'], alwaysShown: true, color: '#0ea5e9' },
  youtube: { label: 'YouTube', sourceLists: ['channels', 'keywords'], alwaysShown: true, color: '#ef4444' },
  tiktok: { label: 'TikTok', sourceLists: ['hashtags', 'keywords'], alwaysShown: false, color: '#a855f7' },
  instagram: { label: 'Instagram', sourceLists: ['hashtags', 'keywords'], alwaysShown: false, color: '#ec4899' },
} as const satisfies Record<
  string,
  { label: string; sourceLists: readonly string[]; alwaysShown: boolean; color: string }
>;

export type Platform = keyof typeof platformInfo;

export const platforms = Object.keys(platformInfo) as readonly Platform[];

/** A record with one value per platform, in list order. */
export function perPlatform<T>(value: (platform: Platform) => T): Record<Platform, T> {
  return Object.fromEntries(platforms.map((p) => [p, value(p)])) as Record<Platform, T>;
}

/** How each platform writes its own name (brand spelling: "YouTube", "TikTok"). */
export const platformLabels = perPlatform((p) => platformInfo[p].label);

/** Which source lists each platform understands (what its connector reads). */
export const sourceListTypes = perPlatform((p) => platformInfo[p].sourceLists) as {
  readonly [P in Platform]: (typeof platformInfo)[P]['sourceLists'];
};

/** The series colour of each platform in the dashboard's charts. */
export const platformColors = perPlatform((p) => platformInfo[p].color);

/**
 * The platforms the product is sold on (the dashboard always shows them, and the platform status counts them as
 * connections); the others appear only where they have mentions.
 */
export const dashboardPlatforms = platforms.filter((p) => platformInfo[p].alwaysShown);

/** True for a platform id of the list (narrows a stored or requested string). */
export const isPlatform = (value: string): value is Platform => Object.hasOwn(platformInfo, value);

/** A count per platform, all zero: the start of every per-platform sum. */
export const zeroPerPlatform = (): Record<Platform, number> => perPlatform(() => 0);
