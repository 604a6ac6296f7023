-- PostgreSQL adds the media columns to "videos" in place and keeps its triggers;
-- this version exists so both databases share their migration versions.
SELECT 1;
