-- Nothing to undo: the triggers belong to the video_search migration.
SELECT 1;
