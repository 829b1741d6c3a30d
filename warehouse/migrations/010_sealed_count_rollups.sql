-- Sealed count rollups: plain per-(ticker, platform) counts per hour and per day, so a long window sums a few integers
-- per ticker instead of merging a set of every post id it holds (the cost of uniqExactMerge grows with the mentions in
-- the window; the cost of summing counts grows only with the number of buckets).
--
-- The per-post sets (mention_minutes, mention_hours) stay the source of truth for the hours still changing. Every insert
-- into mentions stamps its hours in mention_hour_seals (touched_at); sealMentionRollups (warehouse/queries) recounts the
-- touched, closed hours from the de-duplicated raw rows (mentions FINAL, so a mention re-inserted with a new label counts
-- once under its newest label), writes their counts and their days' counts, and stamps the hours sealed (sealed_at). A
-- query reads the counts for hours sealed since their last touch and the sets for every other hour (hourRows.ts).
-- Counts are absolute (ReplacingMergeTree, newest seal wins), so two seals running at once cannot add twice.
CREATE TABLE IF NOT EXISTS mention_hour_counts
(
    ticker LowCardinality(String),
    platform LowCardinality(String),
    hour DateTime('UTC'),
    mentions UInt32,
    bullish UInt32,
    bearish UInt32,
    sealed_at DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(sealed_at)
PARTITION BY toYYYYMM(hour)
ORDER BY (toDate(hour), ticker, platform, hour);

-- The key starts with the day: "every ticker, last 30 days" reads 30 day blocks, one ticker's month 30 small ranges.
CREATE TABLE IF NOT EXISTS mention_day_counts
(
    ticker LowCardinality(String),
    platform LowCardinality(String),
    day Date,
    mentions UInt32,
    bullish UInt32,
    bearish UInt32,
    sealed_at DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(sealed_at)
PARTITION BY toYear(day)
ORDER BY (day, ticker, platform);

-- Per hour: when a mention was last written into it, and up to when it was last sealed. An hour is clean when its
-- newest seal is later than its newest touch.
CREATE TABLE IF NOT EXISTS mention_hour_seals
(
    hour DateTime('UTC'),
    touched_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    sealed_at SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY hour;

CREATE MATERIALIZED VIEW IF NOT EXISTS mention_hour_seals_mv TO mention_hour_seals AS
SELECT toStartOfHour(ts) AS hour, max(now64(3, 'UTC')) AS touched_at, toDateTime64(0, 3, 'UTC') AS sealed_at
FROM mentions
GROUP BY hour;

-- The mentions already stored are sealed here, once: their hours are stamped touched and left for the first seal run.
INSERT INTO mention_hour_seals
SELECT toStartOfHour(ts) AS hour, now64(3, 'UTC') AS touched_at, toDateTime64(0, 3, 'UTC') AS sealed_at
FROM mentions
GROUP BY hour;
