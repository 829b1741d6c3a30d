/**
 * The social platforms StockPulse reads, in display order. This is the one list: the API's contracts, the connectors,
 * the schedules, the admin's source lists and the dashboard all derive theirs from it. Adding a platform means an
 * entry here, its connector (workflows/connectors/) and its settings (credentials in core/config.ts, default source
 * lists in core/sources/defaultSourceLists.ts).
 */
const platformInfo = {
  reddit: { label: 'Reddit', sourceLists: ['subreddits'], alwaysShown: true, color: '#f97316' },
  twitter: { label: 'Twitter', sourceLists: ['hashtags', 'keywords'], alwaysShown: true, color: '#0ea5e9' },
  youtube: { label: 'YouTube', sourceLists: ['channels', 'keywords'], alwaysShown: true, color: '#ef4444' },
  tiktok: { label: 'TikTok', sourceLists: ['hashtags', 'keywords'], alwaysShown: false, color: '#a855f7' },
  instagram: { label: 'Instagram', sourceLists: ['hashtags', 'keywords'], alwaysShown: false, color: '#ec4899' },
} as const satisfies Record<string, { label: string; sourceLists: readonly string[]; alwaysShown: boolean; color: string }>;

export type Platform = keyof typeof platformInfo;

export const platforms = Object.keys(platformInfo) as Platform[] as readonly Platform[] as readonly [Platform, ...Platform[]];

/** How each platform writes its own name (brand spelling: "YouTube", "TikTok"). */
export const platformLabels = Object.fromEntries(platforms.map((p) => [p, platformInfo[p].label])) as Record<Platform, string>;

/** Which source lists each platform understands (what its connector reads). */
export const sourceListTypes = Object.fromEntries(platforms.map((p) => [p, platformInfo[p].sourceLists])) as { readonly [P in Platform]: (typeof platformInfo)[P]['sourceLists'] };

/** The series colour of each platform in the dashboard's charts. */
export const platformColors = Object.fromEntries(platforms.map((p) => [p, platformInfo[p].color])) as Record<Platform, string>;

/**
 * The platforms the product is sold on (the dashboard always shows them, and the platform status counts them as
 * connections); the others appear only where they have mentions.
 */
export const dashboardPlatforms = platforms.filter((p) => platformInfo[p].alwaysShown);

/** True for a platform id of the list (narrows a stored or requested string). */
export const isPlatform = (value: string): value is Platform => Object.hasOwn(platformInfo, value);

/** A count per platform, all zero: the start of every per-platform sum. */
export const zeroPerPlatform = (): Record<Platform, number> => Object.fromEntries(platforms.map((p) => [p, 0])) as Record<Platform, number>;
