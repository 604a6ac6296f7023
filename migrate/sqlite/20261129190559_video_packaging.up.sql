-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- create "new_videos" table
CREATE TABLE `new_videos` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `title` text NOT NULL, `description` text NOT NULL DEFAULT (''), `status` text NOT NULL DEFAULT ('created'), `duration` real NOT NULL DEFAULT (0), `size` integer NOT NULL DEFAULT (0), `failure_reason` text NOT NULL DEFAULT (''), `progress` real NOT NULL DEFAULT (0), `width` integer NOT NULL DEFAULT (0), `height` integer NOT NULL DEFAULT (0), `source_key` text NOT NULL DEFAULT (''), `source_url` text NOT NULL DEFAULT (''), `packaging` text NOT NULL DEFAULT ('ts'), `encrypted` bool NOT NULL DEFAULT (false), `encryption_key` text NOT NULL DEFAULT (''), `processing_attempts` integer NOT NULL DEFAULT (0), `storyboard` json NULL, `metadata` json NULL, `folder_id` uuid NULL, `project_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `videos_folders_videos` FOREIGN KEY (`folder_id`) REFERENCES `folders` (`id`) ON DELETE SET NULL, CONSTRAINT `videos_projects_videos` FOREIGN KEY (`project_id`) REFERENCES `projects` (`id`) ON DELETE NO ACTION);
-- copy rows from old table "videos" to new temporary table "new_videos"
INSERT INTO `new_videos` (`id`, `created_at`, `updated_at`, `title`, `description`, `status`, `duration`, `size`, `failure_reason`, `progress`, `width`, `height`, `source_key`, `source_url`, `encrypted`, `encryption_key`, `processing_attempts`, `storyboard`, `metadata`, `folder_id`, `project_id`) SELECT `id`, `created_at`, `updated_at`, `title`, `description`, `status`, `duration`, `size`, `failure_reason`, `progress`, `width`, `height`, `source_key`, `source_url`, `encrypted`, `encryption_key`, `processing_attempts`, `storyboard`, `metadata`, `folder_id`, `project_id` FROM `videos`;
-- drop "videos" table after copying rows
DROP TABLE `videos`;
-- rename temporary table "new_videos" to "videos"
ALTER TABLE `new_videos` RENAME TO `videos`;
-- create index "video_project_id_id" to table: "videos"
CREATE INDEX `video_project_id_id` ON `videos` (`project_id`, `id`);
-- create index "video_project_id_created_at_id" to table: "videos"
CREATE INDEX `video_project_id_created_at_id` ON `videos` (`project_id`, `created_at`, `id`);
-- create index "video_project_id_updated_at_id" to table: "videos"
CREATE INDEX `video_project_id_updated_at_id` ON `videos` (`project_id`, `updated_at`, `id`);
-- create index "video_project_id_title_id" to table: "videos"
CREATE INDEX `video_project_id_title_id` ON `videos` (`project_id`, `title`, `id`);
-- create index "video_project_id_status_id" to table: "videos"
CREATE INDEX `video_project_id_status_id` ON `videos` (`project_id`, `status`, `id`);
-- create index "video_project_id_duration_id" to table: "videos"
CREATE INDEX `video_project_id_duration_id` ON `videos` (`project_id`, `duration`, `id`);
-- create index "video_folder_id_id" to table: "videos"
CREATE INDEX `video_folder_id_id` ON `videos` (`folder_id`, `id`);
-- create index "video_folder_id_created_at_id" to table: "videos"
CREATE INDEX `video_folder_id_created_at_id` ON `videos` (`folder_id`, `created_at`, `id`);
-- create index "video_folder_id_updated_at_id" to table: "videos"
CREATE INDEX `video_folder_id_updated_at_id` ON `videos` (`folder_id`, `updated_at`, `id`);
-- create index "video_folder_id_title_id" to table: "videos"
CREATE INDEX `video_folder_id_title_id` ON `videos` (`folder_id`, `title`, `id`);
-- create index "video_folder_id_status_id" to table: "videos"
CREATE INDEX `video_folder_id_status_id` ON `videos` (`folder_id`, `status`, `id`);
-- create index "video_folder_id_duration_id" to table: "videos"
CREATE INDEX `video_folder_id_duration_id` ON `videos` (`folder_id`, `duration`, `id`);
-- create index "video_status" to table: "videos"
CREATE INDEX `video_status` ON `videos` (`status`);
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
