-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- create "new_analytics_daily" table
CREATE TABLE `new_analytics_daily` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `project_id` uuid NOT NULL, `bucket` integer NOT NULL, `video_id` uuid NOT NULL, `folder_id` uuid NULL, `country` text NOT NULL DEFAULT (''), `device_type` text NOT NULL DEFAULT (''), `os` text NOT NULL DEFAULT (''), `browser` text NOT NULL DEFAULT (''), `fatal_error_code` text NOT NULL DEFAULT (''), `views` integer NOT NULL DEFAULT (0), `attempts` integer NOT NULL DEFAULT (0), `watched_ms` integer NOT NULL DEFAULT (0), `rebuffer_ms` integer NOT NULL DEFAULT (0), `startup_ms_sum` integer NOT NULL DEFAULT (0), `startup_count` integer NOT NULL DEFAULT (0), `errors` integer NOT NULL DEFAULT (0), `failures` integer NOT NULL DEFAULT (0), `ebvs` integer NOT NULL DEFAULT (0), `completed` integer NOT NULL DEFAULT (0));
-- copy rows from old table "analytics_daily" to new temporary table "new_analytics_daily"
INSERT INTO `new_analytics_daily` (`id`, `project_id`, `bucket`, `video_id`, `folder_id`, `country`, `device_type`, `os`, `browser`, `views`, `attempts`, `watched_ms`, `rebuffer_ms`, `startup_ms_sum`, `startup_count`, `errors`, `failures`, `ebvs`, `completed`) SELECT `id`, `project_id`, `bucket`, `video_id`, `folder_id`, `country`, `device_type`, `os`, `browser`, `views`, `attempts`, `watched_ms`, `rebuffer_ms`, `startup_ms_sum`, `startup_count`, `errors`, `failures`, `ebvs`, `completed` FROM `analytics_daily`;
-- drop "analytics_daily" table after copying rows
DROP TABLE `analytics_daily`;
-- rename temporary table "new_analytics_daily" to "analytics_daily"
ALTER TABLE `new_analytics_daily` RENAME TO `analytics_daily`;
-- create index "analytics_daily_key" to table: "analytics_daily"
CREATE UNIQUE INDEX `analytics_daily_key` ON `analytics_daily` (`project_id`, `bucket`, `video_id`, `folder_id`, `country`, `device_type`, `os`, `browser`, `fatal_error_code`);
-- create "new_analytics_hourly" table
CREATE TABLE `new_analytics_hourly` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `project_id` uuid NOT NULL, `bucket` integer NOT NULL, `video_id` uuid NOT NULL, `folder_id` uuid NULL, `country` text NOT NULL DEFAULT (''), `device_type` text NOT NULL DEFAULT (''), `os` text NOT NULL DEFAULT (''), `browser` text NOT NULL DEFAULT (''), `fatal_error_code` text NOT NULL DEFAULT (''), `views` integer NOT NULL DEFAULT (0), `attempts` integer NOT NULL DEFAULT (0), `watched_ms` integer NOT NULL DEFAULT (0), `rebuffer_ms` integer NOT NULL DEFAULT (0), `startup_ms_sum` integer NOT NULL DEFAULT (0), `startup_count` integer NOT NULL DEFAULT (0), `errors` integer NOT NULL DEFAULT (0), `failures` integer NOT NULL DEFAULT (0), `ebvs` integer NOT NULL DEFAULT (0), `completed` integer NOT NULL DEFAULT (0));
-- copy rows from old table "analytics_hourly" to new temporary table "new_analytics_hourly"
INSERT INTO `new_analytics_hourly` (`id`, `project_id`, `bucket`, `video_id`, `folder_id`, `country`, `device_type`, `os`, `browser`, `views`, `attempts`, `watched_ms`, `rebuffer_ms`, `startup_ms_sum`, `startup_count`, `errors`, `failures`, `ebvs`, `completed`) SELECT `id`, `project_id`, `bucket`, `video_id`, `folder_id`, `country`, `device_type`, `os`, `browser`, `views`, `attempts`, `watched_ms`, `rebuffer_ms`, `startup_ms_sum`, `startup_count`, `errors`, `failures`, `ebvs`, `completed` FROM `analytics_hourly`;
-- drop "analytics_hourly" table after copying rows
DROP TABLE `analytics_hourly`;
-- rename temporary table "new_analytics_hourly" to "analytics_hourly"
ALTER TABLE `new_analytics_hourly` RENAME TO `analytics_hourly`;
-- create index "analytics_hourly_key" to table: "analytics_hourly"
CREATE UNIQUE INDEX `analytics_hourly_key` ON `analytics_hourly` (`project_id`, `bucket`, `video_id`, `folder_id`, `country`, `device_type`, `os`, `browser`, `fatal_error_code`);
-- create "analytics_viewer_daily" table
CREATE TABLE `analytics_viewer_daily` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `project_id` uuid NOT NULL, `bucket` integer NOT NULL, `video_id` uuid NOT NULL, `folder_id` uuid NULL, `country` text NOT NULL DEFAULT (''), `device_type` text NOT NULL DEFAULT (''), `os` text NOT NULL DEFAULT (''), `browser` text NOT NULL DEFAULT (''), `user_id` text NOT NULL DEFAULT (''), `viewer_key` text NOT NULL DEFAULT (''), `views` integer NOT NULL DEFAULT (0), `attempts` integer NOT NULL DEFAULT (0), `watched_ms` integer NOT NULL DEFAULT (0));
-- create index "analyticsviewerdaily_project_id_bucket" to table: "analytics_viewer_daily"
CREATE INDEX `analyticsviewerdaily_project_id_bucket` ON `analytics_viewer_daily` (`project_id`, `bucket`);
-- create index "analyticsviewerdaily_project_id_user_id" to table: "analytics_viewer_daily"
CREATE INDEX `analyticsviewerdaily_project_id_user_id` ON `analytics_viewer_daily` (`project_id`, `user_id`);
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
