-- modify "videos" table
ALTER TABLE "videos" ADD COLUMN "failure_reason" character varying NOT NULL DEFAULT '', ADD COLUMN "progress" double precision NOT NULL DEFAULT 0, ADD COLUMN "width" bigint NOT NULL DEFAULT 0, ADD COLUMN "height" bigint NOT NULL DEFAULT 0, ADD COLUMN "source_key" character varying NOT NULL DEFAULT '', ADD COLUMN "source_url" character varying NOT NULL DEFAULT '', ADD COLUMN "encrypted" boolean NOT NULL DEFAULT false, ADD COLUMN "encryption_key" character varying NOT NULL DEFAULT '', ADD COLUMN "processing_attempts" bigint NOT NULL DEFAULT 0, ADD COLUMN "storyboard" jsonb NULL;
-- create index "video_status" to table: "videos"
CREATE INDEX "video_status" ON "videos" ("status");
-- create "playback_usages" table
CREATE TABLE "playback_usages" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "project_id" uuid NOT NULL, "day" character varying NOT NULL, "bytes" bigint NOT NULL DEFAULT 0, "requests" bigint NOT NULL DEFAULT 0, PRIMARY KEY ("id"));
-- create index "playbackusage_project_id_day" to table: "playback_usages"
CREATE UNIQUE INDEX "playbackusage_project_id_day" ON "playback_usages" ("project_id", "day");
-- create "upload_tokens" table
CREATE TABLE "upload_tokens" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "project_id" uuid NOT NULL, "video_id" uuid NOT NULL, "token_hash" character varying NOT NULL, "max_size" bigint NOT NULL, "expires_at" timestamptz NOT NULL, "upload_id" character varying NULL, "completed_at" timestamptz NULL, PRIMARY KEY ("id"));
-- create index "uploadtoken_token_hash" to table: "upload_tokens"
CREATE UNIQUE INDEX "uploadtoken_token_hash" ON "upload_tokens" ("token_hash");
-- create index "uploadtoken_upload_id" to table: "upload_tokens"
CREATE UNIQUE INDEX "uploadtoken_upload_id" ON "upload_tokens" ("upload_id");
-- create index "uploadtoken_video_id" to table: "upload_tokens"
CREATE INDEX "uploadtoken_video_id" ON "upload_tokens" ("video_id");
-- create "renditions" table
CREATE TABLE "renditions" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, "width" bigint NOT NULL, "height" bigint NOT NULL, "bandwidth" bigint NOT NULL, "status" character varying NOT NULL DEFAULT 'pending', "video_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "renditions_videos_renditions" FOREIGN KEY ("video_id") REFERENCES "videos" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "rendition_video_id_name" to table: "renditions"
CREATE UNIQUE INDEX "rendition_video_id_name" ON "renditions" ("video_id", "name");
-- create "thumbnails" table
CREATE TABLE "thumbnails" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "key" character varying NOT NULL, "kind" character varying NOT NULL DEFAULT 'generated', "time_offset" double precision NOT NULL DEFAULT 0, "width" bigint NOT NULL DEFAULT 0, "height" bigint NOT NULL DEFAULT 0, "content_type" character varying NOT NULL DEFAULT 'image/jpeg', "is_default" boolean NOT NULL DEFAULT false, "video_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "thumbnails_videos_thumbnails" FOREIGN KEY ("video_id") REFERENCES "videos" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "thumbnail_video_id_created_at" to table: "thumbnails"
CREATE INDEX "thumbnail_video_id_created_at" ON "thumbnails" ("video_id", "created_at");
