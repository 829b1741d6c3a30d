-- Rollup layouts for the dashboard's queries, which read every ticker over a recent window.
--
-- mention_minutes is rebuilt with its sort key starting at the hour: "every ticker, last hour" then reads two hour
-- blocks instead of every granule of the month (with the ticker first, the last hour of each ticker lies in every
-- granule), and one ticker's day still reads ~25 small ranges. Rollups are derived from `mentions` alone, so the table
-- is dropped and refilled from it; every step can be re-run.
DROP VIEW IF EXISTS mention_minutes_mv;

DROP TABLE IF EXISTS mention_minutes SYNC;

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
ORDER BY (toStartOfHour(minute), ticker, platform, minute)
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

-- Per-hour rollups, the same exact distinct counts (authors are only needed for the last hour, so they stay per
-- minute, which keeps this view cheap on the insert path): day and week windows, the trend baseline and week-long
-- histories read ~60× fewer rows. The key starts with the day, so a 7-day read touches eight day blocks and one ticker's week
-- eight small ranges. Every post lies in one minute and one hour, so sums across the two tables are exact.
CREATE TABLE IF NOT EXISTS mention_hours
(
    ticker LowCardinality(String),
    platform LowCardinality(String),
    hour DateTime('UTC'),
    mentions AggregateFunction(uniqExact, UInt64),
    bullish AggregateFunction(uniqExactIf, UInt64, UInt8),
    bearish AggregateFunction(uniqExactIf, UInt64, UInt8)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (toDate(hour), ticker, platform, hour)
TTL hour + INTERVAL 2 YEAR DELETE;

CREATE MATERIALIZED VIEW IF NOT EXISTS mention_hours_mv TO mention_hours AS
SELECT
    ticker,
    platform,
    toStartOfHour(ts) AS hour,
    uniqExactState(cityHash64(post_id)) AS mentions,
    uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bullish')) AS bullish,
    uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bearish')) AS bearish
FROM mentions
GROUP BY ticker, platform, hour;

-- Refill both from the mentions already stored, after the views exist: a mention written meanwhile is in a view's
-- output and in the refill, and counts once (the states are sets of distinct ids).
INSERT INTO mention_minutes
SELECT
    ticker,
    platform,
    toStartOfMinute(ts) AS minute,
    uniqExactState(cityHash64(post_id)),
    uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bullish')),
    uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bearish')),
    uniqExactState(cityHash64(author_hash))
FROM mentions
GROUP BY ticker, platform, minute;

INSERT INTO mention_hours
SELECT
    ticker,
    platform,
    toStartOfHour(ts) AS hour,
    uniqExactState(cityHash64(post_id)),
    uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bullish')),
    uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bearish'))
FROM mentions
GROUP BY ticker, platform, hour;
