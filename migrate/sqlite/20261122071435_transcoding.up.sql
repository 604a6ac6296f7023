-- create "transcoding_jobs" table
CREATE TABLE `transcoding_jobs` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `api_version` integer NOT NULL, `video_id` uuid NULL, `source_url` text NOT NULL DEFAULT (''), `outputs` json NOT NULL, `status` text NOT NULL DEFAULT ('queued'), `progress` real NOT NULL DEFAULT (0), `priority` integer NOT NULL DEFAULT (0), `failure_reason` text NOT NULL DEFAULT (''), `started_at` datetime NULL, `completed_at` datetime NULL, PRIMARY KEY (`id`));
-- create index "transcodingjob_project_id_status" to table: "transcoding_jobs"
CREATE INDEX `transcodingjob_project_id_status` ON `transcoding_jobs` (`project_id`, `status`);
