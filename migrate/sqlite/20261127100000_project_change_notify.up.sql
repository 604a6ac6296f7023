-- SQLite has no NOTIFY, and its database is one process's file: ent hooks in
-- that process announce project changes (graph/session_change_hooks.go). This
-- version exists so both databases share their migration versions.
SELECT 1;
