-- PostgreSQL adds the packaging column to "videos" in place and keeps its triggers;
-- this version exists so both databases share their migration versions.
SELECT 1;
