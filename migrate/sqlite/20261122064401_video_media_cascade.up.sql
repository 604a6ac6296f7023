-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- create "new_renditions" table
CREATE TABLE `new_renditions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `name` text NOT NULL, `width` integer NOT NULL, `height` integer NOT NULL, `bandwidth` integer NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `video_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `renditions_videos_renditions` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE CASCADE);
-- copy rows from old table "renditions" to new temporary table "new_renditions"
INSERT INTO `new_renditions` (`id`, `created_at`, `updated_at`, `name`, `width`, `height`, `bandwidth`, `status`, `video_id`) SELECT `id`, `created_at`, `updated_at`, `name`, `width`, `height`, `bandwidth`, `status`, `video_id` FROM `renditions`;
-- drop "renditions" table after copying rows
DROP TABLE `renditions`;
-- rename temporary table "new_renditions" to "renditions"
ALTER TABLE `new_renditions` RENAME TO `renditions`;
-- create index "rendition_video_id_name" to table: "renditions"
CREATE UNIQUE INDEX `rendition_video_id_name` ON `renditions` (`video_id`, `name`);
-- create "new_thumbnails" table
CREATE TABLE `new_thumbnails` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `key` text NOT NULL, `kind` text NOT NULL DEFAULT ('generated'), `time_offset` real NOT NULL DEFAULT (0), `width` integer NOT NULL DEFAULT (0), `height` integer NOT NULL DEFAULT (0), `content_type` text NOT NULL DEFAULT ('image/jpeg'), `is_default` bool NOT NULL DEFAULT (false), `video_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `thumbnails_videos_thumbnails` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE CASCADE);
-- copy rows from old table "thumbnails" to new temporary table "new_thumbnails"
INSERT INTO `new_thumbnails` (`id`, `created_at`, `updated_at`, `key`, `kind`, `time_offset`, `width`, `height`, `content_type`, `is_default`, `video_id`) SELECT `id`, `created_at`, `updated_at`, `key`, `kind`, `time_offset`, `width`, `height`, `content_type`, `is_default`, `video_id` FROM `thumbnails`;
-- drop "thumbnails" table after copying rows
DROP TABLE `thumbnails`;
-- rename temporary table "new_thumbnails" to "thumbnails"
ALTER TABLE `new_thumbnails` RENAME TO `thumbnails`;
-- create index "thumbnail_video_id_created_at" to table: "thumbnails"
CREATE INDEX `thumbnail_video_id_created_at` ON `thumbnails` (`video_id`, `created_at`);
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
