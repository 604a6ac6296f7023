-- Nothing to undo: see the up migration.
SELECT 1;
