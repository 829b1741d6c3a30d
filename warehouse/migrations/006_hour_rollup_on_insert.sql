-- The hourly rollup returns to the insert path: with mention inserts split and run two at a time
-- (warehouse/queries/insertTabSeparated.ts), aggregating each inserted block per hour as well costs less than merging
-- the touched minute states into hours after every write (migration 005), and a writer has one step to get right.
-- mention_hours is complete up to now (005's roll-up ran after every write), so the view only has to take over.
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
