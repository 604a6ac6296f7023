-- create "live_sessions" table
CREATE TABLE `live_sessions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `node_id` text NOT NULL DEFAULT (''), `protocol` text NOT NULL, `remote_addr` text NOT NULL DEFAULT (''), `started_at` datetime NOT NULL, `ended_at` datetime NULL, `end_reason` text NULL, `end_error` text NOT NULL DEFAULT (''), `reconnects` integer NOT NULL DEFAULT (0), `bytes` integer NOT NULL DEFAULT (0), `bitrate_kbps` integer NOT NULL DEFAULT (0), `fps` real NOT NULL DEFAULT (0), `keyframe_interval_seconds` real NOT NULL DEFAULT (0), `video_codec` text NOT NULL DEFAULT (''), `audio_codec` text NOT NULL DEFAULT (''), `width` integer NOT NULL DEFAULT (0), `height` integer NOT NULL DEFAULT (0), `warnings` json NOT NULL, `simulcast` json NOT NULL, `last_data_at` datetime NULL, `video_id` uuid NULL, `live_stream_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `live_sessions_videos_video` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE SET NULL, CONSTRAINT `live_sessions_live_streams_sessions` FOREIGN KEY (`live_stream_id`) REFERENCES `live_streams` (`id`) ON DELETE CASCADE);
-- create index "livesession_live_stream_id_started_at" to table: "live_sessions"
CREATE INDEX `livesession_live_stream_id_started_at` ON `live_sessions` (`live_stream_id`, `started_at`);
-- create index "livesession_project_id_started_at" to table: "live_sessions"
CREATE INDEX `livesession_project_id_started_at` ON `live_sessions` (`project_id`, `started_at`);
-- create "live_simulcast_targets" table
CREATE TABLE `live_simulcast_targets` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `name` text NOT NULL, `url` text NOT NULL, `stream_key` text NOT NULL, `enabled` bool NOT NULL DEFAULT (true), `live_stream_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `live_simulcast_targets_live_streams_simulcast_targets` FOREIGN KEY (`live_stream_id`) REFERENCES `live_streams` (`id`) ON DELETE CASCADE);
-- create index "livesimulcasttarget_live_stream_id_created_at" to table: "live_simulcast_targets"
CREATE INDEX `livesimulcasttarget_live_stream_id_created_at` ON `live_simulcast_targets` (`live_stream_id`, `created_at`);
-- create "live_streams" table
CREATE TABLE `live_streams` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `name` text NOT NULL, `key_hash` text NOT NULL, `key_last4` text NOT NULL DEFAULT (''), `enabled` bool NOT NULL DEFAULT (true), `status` text NOT NULL DEFAULT ('idle'), `latency_mode` text NOT NULL DEFAULT ('standard'), `reconnect_window_seconds` integer NOT NULL DEFAULT (60), `max_duration_seconds` integer NOT NULL DEFAULT (43200), `record` bool NOT NULL DEFAULT (true), `transcode` bool NOT NULL DEFAULT (false), `node_id` text NULL DEFAULT (''), `lease_until` datetime NULL, `current_session_id` uuid NULL, `reconnect_deadline` datetime NULL, `complete_requested_at` datetime NULL, PRIMARY KEY (`id`));
-- create index "live_streams_key_hash_key" to table: "live_streams"
CREATE UNIQUE INDEX `live_streams_key_hash_key` ON `live_streams` (`key_hash`);
-- create index "livestream_project_id_created_at" to table: "live_streams"
CREATE INDEX `livestream_project_id_created_at` ON `live_streams` (`project_id`, `created_at`);
-- create index "livestream_status_lease_until" to table: "live_streams"
CREATE INDEX `livestream_status_lease_until` ON `live_streams` (`status`, `lease_until`);
