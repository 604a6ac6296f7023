-- reverse: create index "transcodingjob_project_id_status" to table: "transcoding_jobs"
DROP INDEX "transcodingjob_project_id_status";
-- reverse: create "transcoding_jobs" table
DROP TABLE "transcoding_jobs";
