-- reverse: create index "jobprocess_host" to table: "job_processes"
DROP INDEX "jobprocess_host";
-- reverse: create index "jobprocess_expires_at" to table: "job_processes"
DROP INDEX "jobprocess_expires_at";
-- reverse: create "job_processes" table
DROP TABLE "job_processes";
