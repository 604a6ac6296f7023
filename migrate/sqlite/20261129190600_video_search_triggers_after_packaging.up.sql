-- atlas:delimiter -- end

-- Hand-written: 20261129190559_video_packaging rebuilds "videos" (SQLite cannot
-- add the packaging column in place), and dropping a table drops its triggers.
-- Re-create the search triggers on "videos" from 20261122054425_video_search, as
-- 20261122063123_video_search_triggers did after the media migration.
CREATE TRIGGER IF NOT EXISTS video_search_videos_ai AFTER INSERT ON videos BEGIN
  INSERT INTO video_search_docs (video_id, project_id, title, description) VALUES (new.id, new.project_id, new.title, new.description);
END;
-- end
CREATE TRIGGER IF NOT EXISTS video_search_videos_au AFTER UPDATE OF title, description ON videos BEGIN
  UPDATE video_search_docs SET title = new.title, description = new.description WHERE video_id = new.id;
END;
-- end
CREATE TRIGGER IF NOT EXISTS video_search_videos_ad AFTER DELETE ON videos BEGIN
  DELETE FROM video_search_docs WHERE video_id = old.id;
END;
-- end
