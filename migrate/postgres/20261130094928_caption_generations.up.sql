-- modify "captions" table
ALTER TABLE "captions" ADD COLUMN "auto_generated" boolean NOT NULL DEFAULT false, ADD COLUMN "engine" character varying NOT NULL DEFAULT '', ADD COLUMN "engine_model" character varying NOT NULL DEFAULT '', ADD COLUMN "edited_at" timestamptz NULL;
-- modify "projects" table
ALTER TABLE "projects" ADD COLUMN "auto_captions_language" character varying NOT NULL DEFAULT '';
-- create "caption_generations" table
CREATE TABLE "caption_generations" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "language" character varying NOT NULL, "engine" character varying NOT NULL, "model" character varying NOT NULL DEFAULT '', "status" character varying NOT NULL DEFAULT 'queued', "failure_reason" character varying NOT NULL DEFAULT '', "caption_id" uuid NULL, "audio_seconds" double precision NOT NULL DEFAULT 0, "cpu_seconds" double precision NOT NULL DEFAULT 0, "finished_at" timestamptz NULL, "video_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "caption_generations_videos_caption_generations" FOREIGN KEY ("video_id") REFERENCES "videos" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "captiongeneration_status" to table: "caption_generations"
CREATE INDEX "captiongeneration_status" ON "caption_generations" ("status");
-- create index "captiongeneration_video_id_created_at" to table: "caption_generations"
CREATE INDEX "captiongeneration_video_id_created_at" ON "caption_generations" ("video_id", "created_at");
