-- Hand-written (ent cannot express it): full-text search over videos. One document
-- per video (title, description and the names of its tags) in video_search, kept
-- current by triggers and searched through a GIN index. The 'simple' configuration
-- matches whole words case-insensitively, as SQLite's FTS5 unicode61 tokenizer does.
CREATE TABLE "video_search" (
  "video_id" uuid NOT NULL PRIMARY KEY REFERENCES "videos" ("id") ON DELETE CASCADE,
  "project_id" uuid NOT NULL,
  "document" tsvector NOT NULL
);
CREATE INDEX "video_search_document" ON "video_search" USING GIN ("document");
CREATE INDEX "video_search_project_id" ON "video_search" ("project_id");

CREATE FUNCTION video_search_refresh(vid uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO video_search (video_id, project_id, document)
  SELECT v.id, v.project_id,
         setweight(to_tsvector('simple', v.title), 'A') ||
         setweight(to_tsvector('simple', coalesce((
           SELECT string_agg(t.name, ' ') FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
           WHERE vt.video_id = v.id), '')), 'B') ||
         setweight(to_tsvector('simple', v.description), 'C')
  FROM videos v WHERE v.id = vid
  ON CONFLICT (video_id) DO UPDATE SET project_id = EXCLUDED.project_id, document = EXCLUDED.document;
$$;

CREATE FUNCTION video_search_on_video() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM video_search_refresh(NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER video_search_video AFTER INSERT OR UPDATE OF title, description ON videos
  FOR EACH ROW EXECUTE FUNCTION video_search_on_video();

CREATE FUNCTION video_search_on_video_tag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM video_search_refresh(OLD.video_id);
  ELSE
    PERFORM video_search_refresh(NEW.video_id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER video_search_video_tag AFTER INSERT OR DELETE ON video_tags
  FOR EACH ROW EXECUTE FUNCTION video_search_on_video_tag();

CREATE FUNCTION video_search_on_tag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM video_search_refresh(vt.video_id) FROM video_tags vt WHERE vt.tag_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER video_search_tag AFTER UPDATE OF name ON tags
  FOR EACH ROW EXECUTE FUNCTION video_search_on_tag();

SELECT video_search_refresh(id) FROM videos;
