-- reverse: modify "videos" table
ALTER TABLE "videos" DROP COLUMN "clip_end", DROP COLUMN "clip_start", DROP COLUMN "clip_source_id";
