-- Every trend detection's score for every ticker mentioned in its hour (the trending set itself lives in Postgres
-- trending_stocks). A retried detection rewrites its own rows: the key is (ticker, detected_at).
CREATE TABLE IF NOT EXISTS trend_scores
(
    ticker LowCardinality(String),
    detected_at DateTime64(3, 'UTC'),
    mentions UInt32,
    authors UInt32,
    baseline_mean Float64,
    baseline_stddev Float64,
    z Float64,
    trend_score Int32,
    sentiment_score Float32,
    trending Bool
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(detected_at)
ORDER BY (ticker, detected_at)
TTL toDateTime(detected_at) + INTERVAL 180 DAY DELETE;
