-- atlas:delimiter -- end

-- Hand-written: the media migration rebuilds the videos table on SQLite (copy, drop,
-- rename), which drops the triggers that keep video search documents current
-- (video_search migration). They are created again here, and documents missing for
-- videos written meanwhile are added.
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
INSERT INTO video_search_docs (video_id, project_id, title, description)
  SELECT id, project_id, title, description FROM videos
  WHERE id NOT IN (SELECT video_id FROM video_search_docs);
-- end
