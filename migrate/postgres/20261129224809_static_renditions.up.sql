-- modify "projects" table
ALTER TABLE "projects" ADD COLUMN "static_renditions" jsonb NOT NULL DEFAULT '[]';
-- create "static_renditions" table
CREATE TABLE "static_renditions" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "resolution" character varying NOT NULL, "file_name" character varying NOT NULL, "status" character varying NOT NULL DEFAULT 'preparing', "blob_key" character varying NOT NULL DEFAULT '', "width" bigint NOT NULL DEFAULT 0, "height" bigint NOT NULL DEFAULT 0, "bytes" bigint NOT NULL DEFAULT 0, "bitrate" bigint NOT NULL DEFAULT 0, "failure_reason" character varying NOT NULL DEFAULT '', "ready_at" timestamptz NULL, "video_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "static_renditions_videos_static_renditions" FOREIGN KEY ("video_id") REFERENCES "videos" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "staticrendition_status" to table: "static_renditions"
CREATE INDEX "staticrendition_status" ON "static_renditions" ("status");
-- create index "staticrendition_video_id_resolution" to table: "static_renditions"
CREATE UNIQUE INDEX "staticrendition_video_id_resolution" ON "static_renditions" ("video_id", "resolution");
