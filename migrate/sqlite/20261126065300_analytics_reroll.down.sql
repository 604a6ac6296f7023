-- Nothing to undo: the marks are taken by the next rollup run.
SELECT 1;
