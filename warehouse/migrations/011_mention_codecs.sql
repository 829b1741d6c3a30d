-- ZSTD instead of the default LZ4 for the raw columns that dominate disk: hashes and ids written as hex or decimal text
-- (LZ4 finds no repeats in them, ZSTD's entropy coding still halves them), timestamps in post-id order, and the posts'
-- text. Only the codec changes: stored parts keep theirs until ClickHouse next merges them, and every value reads the
-- same either way. The rollups, read on every request, keep the faster LZ4.
ALTER TABLE mentions
    MODIFY COLUMN author_hash CODEC(ZSTD(1)),
    MODIFY COLUMN post_id CODEC(ZSTD(1)),
    MODIFY COLUMN ts CODEC(ZSTD(1));

ALTER TABLE posts
    MODIFY COLUMN author_hash CODEC(ZSTD(1)),
    MODIFY COLUMN post_id CODEC(ZSTD(1)),
    MODIFY COLUMN ts CODEC(ZSTD(1)),
    MODIFY COLUMN title CODEC(ZSTD(1)),
    MODIFY COLUMN text CODEC(ZSTD(1)),
    MODIFY COLUMN url CODEC(ZSTD(1));
