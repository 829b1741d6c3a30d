-- Price ticks per ticker. Re-inserting a tick (same ticker, ts, source) replaces it, so a retried activity does not duplicate.
CREATE TABLE IF NOT EXISTS price_ticks
(
    ticker LowCardinality(String),
    ts DateTime64(3, 'UTC'),
    price Decimal(12, 4),
    change_percent Decimal(7, 2),
    source LowCardinality(String)
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (ticker, ts, source)
TTL toDateTime(ts) + INTERVAL 2 YEAR DELETE;
