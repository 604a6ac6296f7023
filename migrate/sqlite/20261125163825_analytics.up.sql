-- create "analytics_daily" table
CREATE TABLE `analytics_daily` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `project_id` uuid NOT NULL, `bucket` integer NOT NULL, `video_id` uuid NOT NULL, `folder_id` uuid NULL, `country` text NOT NULL DEFAULT (''), `device_type` text NOT NULL DEFAULT (''), `os` text NOT NULL DEFAULT (''), `browser` text NOT NULL DEFAULT (''), `views` integer NOT NULL DEFAULT (0), `attempts` integer NOT NULL DEFAULT (0), `watched_ms` integer NOT NULL DEFAULT (0), `rebuffer_ms` integer NOT NULL DEFAULT (0), `startup_ms_sum` integer NOT NULL DEFAULT (0), `startup_count` integer NOT NULL DEFAULT (0), `errors` integer NOT NULL DEFAULT (0), `failures` integer NOT NULL DEFAULT (0), `ebvs` integer NOT NULL DEFAULT (0), `completed` integer NOT NULL DEFAULT (0));
-- create index "analytics_daily_key" to table: "analytics_daily"
CREATE UNIQUE INDEX `analytics_daily_key` ON `analytics_daily` (`project_id`, `bucket`, `video_id`, `folder_id`, `country`, `device_type`, `os`, `browser`);
-- create "analytics_delivery" table
CREATE TABLE `analytics_delivery` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `project_id` uuid NOT NULL, `video_id` uuid NOT NULL, `hour` integer NOT NULL, `bytes` integer NOT NULL DEFAULT (0), `requests` integer NOT NULL DEFAULT (0), `segment_seconds_ms` integer NOT NULL DEFAULT (0));
-- create index "analyticsdelivery_project_id_video_id_hour" to table: "analytics_delivery"
CREATE UNIQUE INDEX `analyticsdelivery_project_id_video_id_hour` ON `analytics_delivery` (`project_id`, `video_id`, `hour`);
-- create "analytics_dirty_hours" table
CREATE TABLE `analytics_dirty_hours` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `project_id` uuid NOT NULL, `hour` integer NOT NULL);
-- create index "analyticsdirtyhour_project_id_hour" to table: "analytics_dirty_hours"
CREATE UNIQUE INDEX `analyticsdirtyhour_project_id_hour` ON `analytics_dirty_hours` (`project_id`, `hour`);
-- create "analytics_drops" table
CREATE TABLE `analytics_drops` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `project_id` uuid NOT NULL, `hour` integer NOT NULL, `reason` text NOT NULL, `count` integer NOT NULL DEFAULT (0));
-- create index "analyticsdrop_project_id_hour_reason" to table: "analytics_drops"
CREATE UNIQUE INDEX `analyticsdrop_project_id_hour_reason` ON `analytics_drops` (`project_id`, `hour`, `reason`);
-- create "analytics_events" table
CREATE TABLE `analytics_events` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `project_id` uuid NOT NULL, `view_id` uuid NOT NULL, `seq` integer NOT NULL, `ts_ms` integer NOT NULL, `type` text NOT NULL, `playhead_ms` integer NOT NULL DEFAULT (0), `video_id` uuid NOT NULL, `user_id` text NOT NULL DEFAULT (''), `detail` text NOT NULL DEFAULT (''));
-- create index "analyticsevent_view_id_seq" to table: "analytics_events"
CREATE UNIQUE INDEX `analyticsevent_view_id_seq` ON `analytics_events` (`view_id`, `seq`);
-- create index "analyticsevent_project_id_user_id_ts_ms" to table: "analytics_events"
CREATE INDEX `analyticsevent_project_id_user_id_ts_ms` ON `analytics_events` (`project_id`, `user_id`, `ts_ms`);
-- create "analytics_hourly" table
CREATE TABLE `analytics_hourly` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `project_id` uuid NOT NULL, `bucket` integer NOT NULL, `video_id` uuid NOT NULL, `folder_id` uuid NULL, `country` text NOT NULL DEFAULT (''), `device_type` text NOT NULL DEFAULT (''), `os` text NOT NULL DEFAULT (''), `browser` text NOT NULL DEFAULT (''), `views` integer NOT NULL DEFAULT (0), `attempts` integer NOT NULL DEFAULT (0), `watched_ms` integer NOT NULL DEFAULT (0), `rebuffer_ms` integer NOT NULL DEFAULT (0), `startup_ms_sum` integer NOT NULL DEFAULT (0), `startup_count` integer NOT NULL DEFAULT (0), `errors` integer NOT NULL DEFAULT (0), `failures` integer NOT NULL DEFAULT (0), `ebvs` integer NOT NULL DEFAULT (0), `completed` integer NOT NULL DEFAULT (0));
-- create index "analytics_hourly_key" to table: "analytics_hourly"
CREATE UNIQUE INDEX `analytics_hourly_key` ON `analytics_hourly` (`project_id`, `bucket`, `video_id`, `folder_id`, `country`, `device_type`, `os`, `browser`);
-- create "analytics_salts" table
CREATE TABLE `analytics_salts` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `day` integer NOT NULL, `salt` blob NOT NULL, `created_at` integer NOT NULL);
-- create index "analyticssalt_day" to table: "analytics_salts"
CREATE UNIQUE INDEX `analyticssalt_day` ON `analytics_salts` (`day`);
-- create "analytics_views" table
CREATE TABLE `analytics_views` (`id` uuid NOT NULL, `project_id` uuid NOT NULL, `video_id` uuid NOT NULL, `folder_id` uuid NULL, `player_id` uuid NULL, `user_id` text NOT NULL DEFAULT (''), `session_id` text NOT NULL DEFAULT (''), `viewer_key` text NOT NULL DEFAULT (''), `country` text NOT NULL DEFAULT (''), `device_type` text NOT NULL DEFAULT (''), `os` text NOT NULL DEFAULT (''), `browser` text NOT NULL DEFAULT (''), `player_software` text NOT NULL DEFAULT (''), `stream_type` text NOT NULL DEFAULT ('on_demand'), `started_at` integer NOT NULL, `ended_at` integer NOT NULL, `hour` integer NOT NULL, `startup_ms` integer NULL, `watched_ms` integer NOT NULL DEFAULT (0), `rebuffer_ms` integer NOT NULL DEFAULT (0), `rebuffer_count` integer NOT NULL DEFAULT (0), `error_count` integer NOT NULL DEFAULT (0), `fatal_error_code` text NOT NULL DEFAULT (''), `max_playhead_ms` integer NOT NULL DEFAULT (0), `duration_ms` integer NOT NULL DEFAULT (0), `completed` bool NOT NULL DEFAULT (false), `verified` bool NOT NULL DEFAULT (false), `updated_at` integer NOT NULL, PRIMARY KEY (`id`));
-- create index "analyticsview_project_id_hour" to table: "analytics_views"
CREATE INDEX `analyticsview_project_id_hour` ON `analytics_views` (`project_id`, `hour`);
-- create index "analyticsview_project_id_video_id_hour" to table: "analytics_views"
CREATE INDEX `analyticsview_project_id_video_id_hour` ON `analytics_views` (`project_id`, `video_id`, `hour`);
-- create index "analyticsview_project_id_user_id_started_at" to table: "analytics_views"
CREATE INDEX `analyticsview_project_id_user_id_started_at` ON `analytics_views` (`project_id`, `user_id`, `started_at`);
-- create index "analyticsview_project_id_folder_id_hour" to table: "analytics_views"
CREATE INDEX `analyticsview_project_id_folder_id_hour` ON `analytics_views` (`project_id`, `folder_id`, `hour`);
