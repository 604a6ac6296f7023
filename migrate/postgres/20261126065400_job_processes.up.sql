-- create "job_processes" table
CREATE TABLE "job_processes" ("id" character varying NOT NULL, "host" character varying NOT NULL, "pid" bigint NOT NULL, "role" character varying NOT NULL, "started_at" timestamptz NOT NULL, "heartbeat_at" timestamptz NOT NULL, "expires_at" timestamptz NOT NULL, "reclaimed_by" character varying NULL, PRIMARY KEY ("id"));
-- create index "jobprocess_expires_at" to table: "job_processes"
CREATE INDEX "jobprocess_expires_at" ON "job_processes" ("expires_at");
-- create index "jobprocess_host" to table: "job_processes"
CREATE INDEX "jobprocess_host" ON "job_processes" ("host");
