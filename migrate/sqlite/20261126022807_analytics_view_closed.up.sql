-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- create "new_analytics_views" table
CREATE TABLE `new_analytics_views` (`id` uuid NOT NULL, `project_id` uuid NOT NULL, `ref` integer NULL, `video_id` uuid NOT NULL, `folder_id` uuid NULL, `player_id` uuid NULL, `user_id` text NOT NULL DEFAULT (''), `session_id` text NOT NULL DEFAULT (''), `viewer_key` text NOT NULL DEFAULT (''), `country` text NOT NULL DEFAULT (''), `device_type` text NOT NULL DEFAULT (''), `os` text NOT NULL DEFAULT (''), `browser` text NOT NULL DEFAULT (''), `player_software` text NOT NULL DEFAULT (''), `stream_type` text NOT NULL DEFAULT ('on_demand'), `started_at` integer NOT NULL, `ended_at` integer NOT NULL, `hour` integer NOT NULL, `startup_ms` integer NULL, `watched_ms` integer NOT NULL DEFAULT (0), `rebuffer_ms` integer NOT NULL DEFAULT (0), `rebuffer_count` integer NOT NULL DEFAULT (0), `error_count` integer NOT NULL DEFAULT (0), `fatal_error_code` text NOT NULL DEFAULT (''), `max_playhead_ms` integer NOT NULL DEFAULT (0), `duration_ms` integer NOT NULL DEFAULT (0), `completed` bool NOT NULL DEFAULT (false), `verified` bool NOT NULL DEFAULT (false), `updated_at` integer NOT NULL, `closed` bool NOT NULL DEFAULT (false), PRIMARY KEY (`id`));
-- copy rows from old table "analytics_views" to new temporary table "new_analytics_views"
INSERT INTO `new_analytics_views` (`id`, `project_id`, `ref`, `video_id`, `folder_id`, `player_id`, `user_id`, `session_id`, `viewer_key`, `country`, `device_type`, `os`, `browser`, `player_software`, `stream_type`, `started_at`, `ended_at`, `hour`, `startup_ms`, `watched_ms`, `rebuffer_ms`, `rebuffer_count`, `error_count`, `fatal_error_code`, `max_playhead_ms`, `duration_ms`, `completed`, `verified`, `updated_at`) SELECT `id`, `project_id`, `ref`, `video_id`, `folder_id`, `player_id`, `user_id`, `session_id`, `viewer_key`, `country`, `device_type`, `os`, `browser`, `player_software`, `stream_type`, `started_at`, `ended_at`, `hour`, `startup_ms`, `watched_ms`, `rebuffer_ms`, `rebuffer_count`, `error_count`, `fatal_error_code`, `max_playhead_ms`, `duration_ms`, `completed`, `verified`, `updated_at` FROM `analytics_views`;
-- drop "analytics_views" table after copying rows
DROP TABLE `analytics_views`;
-- rename temporary table "new_analytics_views" to "analytics_views"
ALTER TABLE `new_analytics_views` RENAME TO `analytics_views`;
-- create index "analytics_views_ref_key" to table: "analytics_views"
CREATE UNIQUE INDEX `analytics_views_ref_key` ON `analytics_views` (`ref`);
-- create index "analyticsview_project_id_hour" to table: "analytics_views"
CREATE INDEX `analyticsview_project_id_hour` ON `analytics_views` (`project_id`, `hour`);
-- create index "analyticsview_project_id_video_id_hour" to table: "analytics_views"
CREATE INDEX `analyticsview_project_id_video_id_hour` ON `analytics_views` (`project_id`, `video_id`, `hour`);
-- create index "analyticsview_project_id_user_id_started_at" to table: "analytics_views"
CREATE INDEX `analyticsview_project_id_user_id_started_at` ON `analytics_views` (`project_id`, `user_id`, `started_at`);
-- create index "analyticsview_project_id_folder_id_hour" to table: "analytics_views"
CREATE INDEX `analyticsview_project_id_folder_id_hour` ON `analytics_views` (`project_id`, `folder_id`, `hour`);
-- create index "analyticsview_project_id_updated_at" to table: "analytics_views"
CREATE INDEX `analyticsview_project_id_updated_at` ON `analytics_views` (`project_id`, `updated_at`);
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
