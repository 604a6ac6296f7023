-- atlas:delimiter -- end

-- Hand-written (ent cannot express it): full-text search over videos with FTS5.
-- video_search_docs holds one document per video (title, description and the names
-- of its tags), kept current by triggers; video_search is an external-content FTS5
-- index over it (unicode61: whole words, case- and accent-insensitive).
CREATE TABLE `video_search_docs` (
  `id` integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  `video_id` uuid NOT NULL UNIQUE,
  `project_id` uuid NOT NULL,
  `title` text NOT NULL,
  `description` text NOT NULL,
  `tags` text NOT NULL DEFAULT ''
);
-- end
CREATE INDEX `video_search_docs_project_id` ON `video_search_docs` (`project_id`);
-- end
CREATE VIRTUAL TABLE `video_search` USING fts5(title, description, tags, content='video_search_docs', content_rowid='id', tokenize='unicode61');
-- end
CREATE TRIGGER video_search_docs_ai AFTER INSERT ON video_search_docs BEGIN
  INSERT INTO video_search (rowid, title, description, tags) VALUES (new.id, new.title, new.description, new.tags);
END;
-- end
CREATE TRIGGER video_search_docs_ad AFTER DELETE ON video_search_docs BEGIN
  INSERT INTO video_search (video_search, rowid, title, description, tags) VALUES ('delete', old.id, old.title, old.description, old.tags);
END;
-- end
CREATE TRIGGER video_search_docs_au AFTER UPDATE ON video_search_docs BEGIN
  INSERT INTO video_search (video_search, rowid, title, description, tags) VALUES ('delete', old.id, old.title, old.description, old.tags);
  INSERT INTO video_search (rowid, title, description, tags) VALUES (new.id, new.title, new.description, new.tags);
END;
-- end
CREATE TRIGGER video_search_videos_ai AFTER INSERT ON videos BEGIN
  INSERT INTO video_search_docs (video_id, project_id, title, description) VALUES (new.id, new.project_id, new.title, new.description);
END;
-- end
CREATE TRIGGER video_search_videos_au AFTER UPDATE OF title, description ON videos BEGIN
  UPDATE video_search_docs SET title = new.title, description = new.description WHERE video_id = new.id;
END;
-- end
CREATE TRIGGER video_search_videos_ad AFTER DELETE ON videos BEGIN
  DELETE FROM video_search_docs WHERE video_id = old.id;
END;
-- end
CREATE TRIGGER video_search_video_tags_ai AFTER INSERT ON video_tags BEGIN
  UPDATE video_search_docs SET tags = coalesce((
    SELECT group_concat(t.name, ' ') FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
    WHERE vt.video_id = new.video_id), '') WHERE video_id = new.video_id;
END;
-- end
CREATE TRIGGER video_search_video_tags_ad AFTER DELETE ON video_tags BEGIN
  UPDATE video_search_docs SET tags = coalesce((
    SELECT group_concat(t.name, ' ') FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
    WHERE vt.video_id = old.video_id), '') WHERE video_id = old.video_id;
END;
-- end
CREATE TRIGGER video_search_tags_au AFTER UPDATE OF name ON tags BEGIN
  UPDATE video_search_docs SET tags = coalesce((
    SELECT group_concat(t.name, ' ') FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
    WHERE vt.video_id = video_search_docs.video_id), '')
  WHERE video_id IN (SELECT video_id FROM video_tags WHERE tag_id = new.id);
END;
-- end
CREATE TRIGGER video_search_tags_bd BEFORE DELETE ON tags BEGIN
  UPDATE video_search_docs SET tags = coalesce((
    SELECT group_concat(t.name, ' ') FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
    WHERE vt.video_id = video_search_docs.video_id AND t.id <> old.id), '')
  WHERE video_id IN (SELECT video_id FROM video_tags WHERE tag_id = old.id);
END;
-- end
INSERT INTO video_search_docs (video_id, project_id, title, description, tags)
SELECT v.id, v.project_id, v.title, v.description, coalesce((
  SELECT group_concat(t.name, ' ') FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
  WHERE vt.video_id = v.id), '')
FROM videos v;
