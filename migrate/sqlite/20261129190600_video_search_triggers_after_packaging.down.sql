-- The triggers belong to 20261122054425_video_search, whose down migration drops them.
SELECT 1;
