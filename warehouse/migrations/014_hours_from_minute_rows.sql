-- The per-hour sets of post ids (mention_hours) are gone: the hours that are still changing (not sealed since their
-- last write) are counted from mention_minutes' per-mention rows, whose sort key starts with the hour. An insert no
-- longer builds three aggregate states for every (ticker, platform, hour) it touches, and ClickHouse no longer merges
-- them in the background; a read of a dirty hour counts that hour's mentions instead of merging its sets.
DROP VIEW IF EXISTS mention_hours_mv;

DROP TABLE IF EXISTS mention_hours SYNC;
