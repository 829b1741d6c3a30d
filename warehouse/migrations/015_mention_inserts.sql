-- Mentions are written through mention_inserts: the same columns, with the LowCardinality ones as plain String, in a
-- table that stores nothing (Null engine), and a view that converts each block and writes it to `mentions` (whose own
-- views then run as before). Parsing text straight into LowCardinality columns looks each value up in a dictionary
-- row by row; converting a parsed block at once costs a fraction of that, and parsing was most of an insert's time.
-- A column added to `mentions` later is added here too.
CREATE TABLE IF NOT EXISTS mention_inserts
(
    ticker String,
    platform String,
    post_id String,
    source String,
    author_hash FixedString(16),
    ts DateTime64(3, 'UTC'),
    compound Float32,
    label Enum8('bearish' = -1, 'neutral' = 0, 'bullish' = 1),
    engagement UInt32,
    simulated Bool,
    analyser String
)
ENGINE = Null;

CREATE MATERIALIZED VIEW IF NOT EXISTS mention_inserts_mv TO mentions AS
SELECT ticker, platform, post_id, source, author_hash, ts, compound, label, engagement, simulated, analyser
FROM mention_inserts;
