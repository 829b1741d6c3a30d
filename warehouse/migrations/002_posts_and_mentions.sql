-- Raw posts and comments as fetched. A re-fetched post replaces its earlier copy (same platform and post id).
CREATE TABLE IF NOT EXISTS posts
(
    platform LowCardinality(String),
    post_id String,
    source String,
    author_hash FixedString(16),
    ts DateTime64(3, 'UTC'),
    title String,
    text String,
    url String,
    engagement UInt32,
    simulated Bool,
    ingested_at DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = ReplacingMergeTree(ingested_at)
PARTITION BY toYYYYMM(ts)
ORDER BY (platform, post_id)
TTL toDateTime(ts) + INTERVAL 90 DAY DELETE;

-- One row per (post, ticker). Sort key starts with the ticker; a re-inserted mention replaces itself.
CREATE TABLE IF NOT EXISTS mentions
(
    ticker LowCardinality(String),
    platform LowCardinality(String),
    post_id String,
    source String,
    author_hash FixedString(16),
    ts DateTime64(3, 'UTC'),
    compound Float32,
    label Enum8('bearish' = -1, 'neutral' = 0, 'bullish' = 1),
    engagement UInt32,
    simulated Bool
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (ticker, platform, post_id)
TTL toDateTime(ts) + INTERVAL 2 YEAR DELETE;

-- Per-minute rollups by ticker and platform. Counts are exact distinct post ids (as 64-bit hashes), so a mention inserted
-- twice (a retried activity, a replayed scan) still counts once; authors are distinct author hashes
-- (one author repeating a ticker is one voice).
CREATE TABLE IF NOT EXISTS mention_minutes
(
    ticker LowCardinality(String),
    platform LowCardinality(String),
    minute DateTime('UTC'),
    mentions AggregateFunction(uniqExact, UInt64),
    bullish AggregateFunction(uniqExactIf, UInt64, UInt8),
    bearish AggregateFunction(uniqExactIf, UInt64, UInt8),
    authors AggregateFunction(uniqExact, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(minute)
ORDER BY (ticker, platform, minute)
TTL minute + INTERVAL 2 YEAR DELETE;

CREATE MATERIALIZED VIEW IF NOT EXISTS mention_minutes_mv TO mention_minutes AS
SELECT
    ticker,
    platform,
    toStartOfMinute(ts) AS minute,
    uniqExactState(cityHash64(post_id)) AS mentions,
    uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bullish')) AS bullish,
    uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bearish')) AS bearish,
    uniqExactState(cityHash64(author_hash)) AS authors
FROM mentions
GROUP BY ticker, platform, minute;
