-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- create "new_videos" table
CREATE TABLE `new_videos` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `title` text NOT NULL, `description` text NOT NULL DEFAULT (''), `status` text NOT NULL DEFAULT ('created'), `duration` real NOT NULL DEFAULT (0), `size` integer NOT NULL DEFAULT (0), `failure_reason` text NOT NULL DEFAULT (''), `progress` real NOT NULL DEFAULT (0), `width` integer NOT NULL DEFAULT (0), `height` integer NOT NULL DEFAULT (0), `source_key` text NOT NULL DEFAULT (''), `source_url` text NOT NULL DEFAULT (''), `encrypted` bool NOT NULL DEFAULT (false), `encryption_key` text NOT NULL DEFAULT (''), `processing_attempts` integer NOT NULL DEFAULT (0), `storyboard` json NULL, `metadata` json NULL, `folder_id` uuid NULL, `project_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `videos_folders_videos` FOREIGN KEY (`folder_id`) REFERENCES `folders` (`id`) ON DELETE SET NULL, CONSTRAINT `videos_projects_videos` FOREIGN KEY (`project_id`) REFERENCES `projects` (`id`) ON DELETE NO ACTION);
-- copy rows from old table "videos" to new temporary table "new_videos"
INSERT INTO `new_videos` (`id`, `created_at`, `updated_at`, `title`, `description`, `status`, `duration`, `size`, `metadata`, `folder_id`, `project_id`) SELECT `id`, `created_at`, `updated_at`, `title`, `description`, `status`, `duration`, `size`, `metadata`, `folder_id`, `project_id` FROM `videos`;
-- drop "videos" table after copying rows
DROP TABLE `videos`;
-- rename temporary table "new_videos" to "videos"
ALTER TABLE `new_videos` RENAME TO `videos`;
-- create index "video_project_id_id" to table: "videos"
CREATE INDEX `video_project_id_id` ON `videos` (`project_id`, `id`);
-- create index "video_project_id_created_at" to table: "videos"
CREATE INDEX `video_project_id_created_at` ON `videos` (`project_id`, `created_at`);
-- create index "video_folder_id" to table: "videos"
CREATE INDEX `video_folder_id` ON `videos` (`folder_id`);
-- create index "video_status" to table: "videos"
CREATE INDEX `video_status` ON `videos` (`status`);
-- create "playback_usages" table
CREATE TABLE `playback_usages` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `day` text NOT NULL, `bytes` integer NOT NULL DEFAULT (0), `requests` integer NOT NULL DEFAULT (0), PRIMARY KEY (`id`));
-- create index "playbackusage_project_id_day" to table: "playback_usages"
CREATE UNIQUE INDEX `playbackusage_project_id_day` ON `playback_usages` (`project_id`, `day`);
-- create "renditions" table
CREATE TABLE `renditions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `name` text NOT NULL, `width` integer NOT NULL, `height` integer NOT NULL, `bandwidth` integer NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `video_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `renditions_videos_renditions` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE NO ACTION);
-- create index "rendition_video_id_name" to table: "renditions"
CREATE UNIQUE INDEX `rendition_video_id_name` ON `renditions` (`video_id`, `name`);
-- create "thumbnails" table
CREATE TABLE `thumbnails` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `key` text NOT NULL, `kind` text NOT NULL DEFAULT ('generated'), `time_offset` real NOT NULL DEFAULT (0), `width` integer NOT NULL DEFAULT (0), `height` integer NOT NULL DEFAULT (0), `content_type` text NOT NULL DEFAULT ('image/jpeg'), `is_default` bool NOT NULL DEFAULT (false), `video_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `thumbnails_videos_thumbnails` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE NO ACTION);
-- create index "thumbnail_video_id_created_at" to table: "thumbnails"
CREATE INDEX `thumbnail_video_id_created_at` ON `thumbnails` (`video_id`, `created_at`);
-- create "upload_tokens" table
CREATE TABLE `upload_tokens` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `video_id` uuid NOT NULL, `token_hash` text NOT NULL, `max_size` integer NOT NULL, `expires_at` datetime NOT NULL, `upload_id` text NULL, `completed_at` datetime NULL, PRIMARY KEY (`id`));
-- create index "uploadtoken_token_hash" to table: "upload_tokens"
CREATE UNIQUE INDEX `uploadtoken_token_hash` ON `upload_tokens` (`token_hash`);
-- create index "uploadtoken_upload_id" to table: "upload_tokens"
CREATE UNIQUE INDEX `uploadtoken_upload_id` ON `upload_tokens` (`upload_id`);
-- create index "uploadtoken_video_id" to table: "upload_tokens"
CREATE INDEX `uploadtoken_video_id` ON `upload_tokens` (`video_id`);
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
