-- reverse: create index "captiongeneration_video_id_created_at" to table: "caption_generations"
DROP INDEX "captiongeneration_video_id_created_at";
-- reverse: create index "captiongeneration_status" to table: "caption_generations"
DROP INDEX "captiongeneration_status";
-- reverse: create "caption_generations" table
DROP TABLE "caption_generations";
-- reverse: modify "projects" table
ALTER TABLE "projects" DROP COLUMN "auto_captions_language";
-- reverse: modify "captions" table
ALTER TABLE "captions" DROP COLUMN "edited_at", DROP COLUMN "engine_model", DROP COLUMN "engine", DROP COLUMN "auto_generated";
