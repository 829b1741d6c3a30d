-- Which sentiment analyser scored each mention: the learned model's version (learned-<weights hash>) from now on.
-- Rows written before this migration were scored by the lexicon scorer, so they default to 'lexicon-1'; figures that
-- mix the two can then be told apart. Old rows are not re-scored.
ALTER TABLE mentions ADD COLUMN IF NOT EXISTS analyser LowCardinality(String) DEFAULT 'lexicon-1';
