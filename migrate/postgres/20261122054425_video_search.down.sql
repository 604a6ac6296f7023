DROP TRIGGER IF EXISTS video_search_tag ON tags;
DROP TRIGGER IF EXISTS video_search_video_tag ON video_tags;
DROP TRIGGER IF EXISTS video_search_video ON videos;
DROP FUNCTION IF EXISTS video_search_on_tag();
DROP FUNCTION IF EXISTS video_search_on_video_tag();
DROP FUNCTION IF EXISTS video_search_on_video();
DROP FUNCTION IF EXISTS video_search_refresh(uuid);
DROP TABLE IF EXISTS "video_search";
