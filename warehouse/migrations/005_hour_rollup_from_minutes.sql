-- The hourly rollup leaves the insert path: mention_hours is no longer fed by a view over every inserted mention (a
-- second aggregation of each raw row) but by rollupMentionHours (warehouse/queries), which merges the per-minute states
-- the minute view has already aggregated, for the minutes a write touched. The states are sets of distinct ids, so a
-- re-run or an overlapping roll-up cannot count a mention twice. The table and its rows stay as they are.
DROP VIEW IF EXISTS mention_hours_mv;
