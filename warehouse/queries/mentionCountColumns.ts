/**
 * A group's distinct posts, bullish posts and bearish posts (m / b / br) in mention_minutes, which holds one row per
 * mention (its post hash, author hash and label): a re-written mention counts once.
 */
export const MINUTE_POST_COUNTS = `uniqExact(post) AS m, uniqExactIf(post, label = 'bullish') AS b, uniqExactIf(post, label = 'bearish') AS br`;
