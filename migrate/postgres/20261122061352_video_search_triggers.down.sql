-- Nothing to do on PostgreSQL: its videos table is altered in place, so the search
-- triggers survive the media migration (the SQLite twin of this version restores them).
SELECT 1;
