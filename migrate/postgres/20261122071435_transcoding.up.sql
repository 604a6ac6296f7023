-- create "transcoding_jobs" table
CREATE TABLE "transcoding_jobs" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "project_id" uuid NOT NULL, "api_version" bigint NOT NULL, "video_id" uuid NULL, "source_url" character varying NOT NULL DEFAULT '', "outputs" jsonb NOT NULL, "status" character varying NOT NULL DEFAULT 'queued', "progress" double precision NOT NULL DEFAULT 0, "priority" bigint NOT NULL DEFAULT 0, "failure_reason" character varying NOT NULL DEFAULT '', "started_at" timestamptz NULL, "completed_at" timestamptz NULL, PRIMARY KEY ("id"));
-- create index "transcodingjob_project_id_status" to table: "transcoding_jobs"
CREATE INDEX "transcodingjob_project_id_status" ON "transcoding_jobs" ("project_id", "status");
