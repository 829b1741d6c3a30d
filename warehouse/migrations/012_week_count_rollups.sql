-- Sealed counts per week (weeks start on Monday, UTC): a 30-day window holds three or four whole weeks, each read as
-- one row per (ticker, platform) instead of seven day rows. The seal writes a week as the sum of its days' counts right
-- after writing those (warehouse/queries/sealMentionRollups.ts), so a week is exactly its days; a read takes a week only
-- when all seven of its days are sealed (windowParts' planBuckets), every other day as before.
-- Counts are absolute (ReplacingMergeTree, newest seal wins), as the day counts are.
CREATE TABLE IF NOT EXISTS mention_week_counts
(
    ticker LowCardinality(String),
    platform LowCardinality(String),
    week Date,
    mentions UInt32,
    bullish UInt32,
    bearish UInt32,
    sealed_at DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(sealed_at)
PARTITION BY toYear(week)
ORDER BY (week, ticker, platform);

-- The weeks of the days sealed before this table existed, once; written again with the same values, a row replaces
-- its twin.
INSERT INTO mention_week_counts
SELECT ticker, platform, toMonday(day) AS week, sum(mentions), sum(bullish), sum(bearish), max(sealed_at)
FROM mention_day_counts FINAL
GROUP BY ticker, platform, week;
