-- create "job_processes" table
CREATE TABLE `job_processes` (`id` text NOT NULL, `host` text NOT NULL, `pid` integer NOT NULL, `role` text NOT NULL, `started_at` datetime NOT NULL, `heartbeat_at` datetime NOT NULL, `expires_at` datetime NOT NULL, `reclaimed_by` text NULL, PRIMARY KEY (`id`));
-- create index "jobprocess_expires_at" to table: "job_processes"
CREATE INDEX `jobprocess_expires_at` ON `job_processes` (`expires_at`);
-- create index "jobprocess_host" to table: "job_processes"
CREATE INDEX `jobprocess_host` ON `job_processes` (`host`);
