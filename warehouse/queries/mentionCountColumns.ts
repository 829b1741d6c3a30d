/**
 * A group's distinct posts, bullish posts and bearish posts (m / b / br) in the two per-post rollups:
 * - mention_minutes holds one row per mention (its post hash, author hash and label): counted with uniqExact;
 * - mention_hours holds per-hour sets of post hashes per label (uniqExact states): merged.
 */
export const MINUTE_POST_COUNTS = `uniqExact(post) AS m, uniqExactIf(post, label = 'bullish') AS b, uniqExactIf(post, label = 'bearish') AS br`;
export const HOUR_SET_COUNTS = `uniqExactMerge(mentions) AS m, uniqExactIfMerge(bullish) AS b, uniqExactIfMerge(bearish) AS br`;
