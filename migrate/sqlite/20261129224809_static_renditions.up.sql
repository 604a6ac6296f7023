-- add column "static_renditions" to table: "projects"
ALTER TABLE `projects` ADD COLUMN `static_renditions` json NOT NULL DEFAULT '[]';
-- create "static_renditions" table
CREATE TABLE `static_renditions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `resolution` text NOT NULL, `file_name` text NOT NULL, `status` text NOT NULL DEFAULT ('preparing'), `blob_key` text NOT NULL DEFAULT (''), `width` integer NOT NULL DEFAULT (0), `height` integer NOT NULL DEFAULT (0), `bytes` integer NOT NULL DEFAULT (0), `bitrate` integer NOT NULL DEFAULT (0), `failure_reason` text NOT NULL DEFAULT (''), `ready_at` datetime NULL, `video_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `static_renditions_videos_static_renditions` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE CASCADE);
-- create index "staticrendition_video_id_resolution" to table: "static_renditions"
CREATE UNIQUE INDEX `staticrendition_video_id_resolution` ON `static_renditions` (`video_id`, `resolution`);
-- create index "staticrendition_status" to table: "static_renditions"
CREATE INDEX `staticrendition_status` ON `static_renditions` (`status`);
