-- modify "projects" table
ALTER TABLE "projects" ADD COLUMN "deleted_at" timestamptz NULL;
-- create "blob_deletions" table
CREATE TABLE "blob_deletions" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "key" character varying NOT NULL, "prefix" boolean NOT NULL DEFAULT false, "reason" character varying NOT NULL DEFAULT '', "project_id" uuid NULL, PRIMARY KEY ("id"));
-- create index "blobdeletion_created_at" to table: "blob_deletions"
CREATE INDEX "blobdeletion_created_at" ON "blob_deletions" ("created_at");
-- create "access_controls" table
CREATE TABLE "access_controls" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "playback" character varying NOT NULL DEFAULT 'public', "allowed_domains" jsonb NOT NULL, "allowed_countries" jsonb NOT NULL, "blocked_countries" jsonb NOT NULL, "token_ttl_default" bigint NOT NULL DEFAULT 3600, "token_ttl_min" bigint NOT NULL DEFAULT 60, "token_ttl_max" bigint NOT NULL DEFAULT 86400, "project_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "access_controls_projects_access_control" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "access_controls_project_id_key" to table: "access_controls"
CREATE UNIQUE INDEX "access_controls_project_id_key" ON "access_controls" ("project_id");
-- create "advertisements" table
CREATE TABLE "advertisements" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, "tag_url" character varying NOT NULL, "placement" character varying NOT NULL, "offsets" jsonb NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "project_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "advertisements_projects_advertisements" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "advertisement_project_id_created_at" to table: "advertisements"
CREATE INDEX "advertisement_project_id_created_at" ON "advertisements" ("project_id", "created_at");
-- create "captions" table
CREATE TABLE "captions" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "language" character varying NOT NULL, "label" character varying NOT NULL DEFAULT '', "source_format" character varying NOT NULL, "blob_key" character varying NOT NULL, "size" bigint NOT NULL, "video_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "captions_videos_captions" FOREIGN KEY ("video_id") REFERENCES "videos" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "caption_video_id_language" to table: "captions"
CREATE UNIQUE INDEX "caption_video_id_language" ON "captions" ("video_id", "language");
-- create "chapters" table
CREATE TABLE "chapters" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "title" character varying NOT NULL, "start_seconds" double precision NOT NULL, "video_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "chapters_videos_chapters" FOREIGN KEY ("video_id") REFERENCES "videos" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "chapter_video_id_start_seconds" to table: "chapters"
CREATE UNIQUE INDEX "chapter_video_id_start_seconds" ON "chapters" ("video_id", "start_seconds");
-- create "encoding_profiles" table
CREATE TABLE "encoding_profiles" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, "is_default" boolean NOT NULL DEFAULT false, "renditions" jsonb NOT NULL, "project_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "encoding_profiles_projects_encoding_profiles" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "encoding_profiles_one_default_per_project" to table: "encoding_profiles"
CREATE UNIQUE INDEX "encoding_profiles_one_default_per_project" ON "encoding_profiles" ("project_id") WHERE is_default;
-- create index "encodingprofile_project_id_created_at" to table: "encoding_profiles"
CREATE INDEX "encodingprofile_project_id_created_at" ON "encoding_profiles" ("project_id", "created_at");
-- create "players" table
CREATE TABLE "players" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, "is_default" boolean NOT NULL DEFAULT false, "primary_color" character varying NOT NULL DEFAULT '#ffffff', "accent_color" character varying NOT NULL DEFAULT '#3b82f6', "background_color" character varying NOT NULL DEFAULT '#000000', "controls" boolean NOT NULL DEFAULT true, "autoplay" boolean NOT NULL DEFAULT false, "muted" boolean NOT NULL DEFAULT false, "loop" boolean NOT NULL DEFAULT false, "logo_url" character varying NOT NULL DEFAULT '', "watermark_url" character varying NOT NULL DEFAULT '', "watermark_position" character varying NOT NULL DEFAULT 'top_right', "speed_options" jsonb NOT NULL, "captions_default" boolean NOT NULL DEFAULT false, "default_caption_language" character varying NOT NULL DEFAULT '', "project_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "players_projects_players" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "player_project_id_created_at" to table: "players"
CREATE INDEX "player_project_id_created_at" ON "players" ("project_id", "created_at");
-- create index "players_one_default_per_project" to table: "players"
CREATE UNIQUE INDEX "players_one_default_per_project" ON "players" ("project_id") WHERE is_default;
