-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- create "new_projects" table
CREATE TABLE `new_projects` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `name` text NOT NULL, `description` text NOT NULL DEFAULT (''), `logo` text NOT NULL DEFAULT (''), `static_renditions` json NOT NULL DEFAULT '[]', `auto_captions_language` text NOT NULL DEFAULT (''), `deleted_at` datetime NULL, `organization_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `projects_organizations_projects` FOREIGN KEY (`organization_id`) REFERENCES `organizations` (`id`) ON DELETE NO ACTION);
-- copy rows from old table "projects" to new temporary table "new_projects"
INSERT INTO `new_projects` (`id`, `created_at`, `updated_at`, `name`, `description`, `logo`, `static_renditions`, `deleted_at`, `organization_id`) SELECT `id`, `created_at`, `updated_at`, `name`, `description`, `logo`, `static_renditions`, `deleted_at`, `organization_id` FROM `projects`;
-- drop "projects" table after copying rows
DROP TABLE `projects`;
-- rename temporary table "new_projects" to "projects"
ALTER TABLE `new_projects` RENAME TO `projects`;
-- create index "project_organization_id_id" to table: "projects"
CREATE INDEX `project_organization_id_id` ON `projects` (`organization_id`, `id`);
-- create index "project_organization_id_created_at_id" to table: "projects"
CREATE INDEX `project_organization_id_created_at_id` ON `projects` (`organization_id`, `created_at`, `id`);
-- create index "project_organization_id_updated_at_id" to table: "projects"
CREATE INDEX `project_organization_id_updated_at_id` ON `projects` (`organization_id`, `updated_at`, `id`);
-- create index "project_organization_id_name_id" to table: "projects"
CREATE INDEX `project_organization_id_name_id` ON `projects` (`organization_id`, `name`, `id`);
-- create "new_captions" table
CREATE TABLE `new_captions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `language` text NOT NULL, `label` text NOT NULL DEFAULT (''), `source_format` text NOT NULL, `blob_key` text NOT NULL, `size` integer NOT NULL, `auto_generated` bool NOT NULL DEFAULT (false), `engine` text NOT NULL DEFAULT (''), `engine_model` text NOT NULL DEFAULT (''), `edited_at` datetime NULL, `video_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `captions_videos_captions` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE CASCADE);
-- copy rows from old table "captions" to new temporary table "new_captions"
INSERT INTO `new_captions` (`id`, `created_at`, `updated_at`, `language`, `label`, `source_format`, `blob_key`, `size`, `video_id`) SELECT `id`, `created_at`, `updated_at`, `language`, `label`, `source_format`, `blob_key`, `size`, `video_id` FROM `captions`;
-- drop "captions" table after copying rows
DROP TABLE `captions`;
-- rename temporary table "new_captions" to "captions"
ALTER TABLE `new_captions` RENAME TO `captions`;
-- create index "caption_video_id_language" to table: "captions"
CREATE UNIQUE INDEX `caption_video_id_language` ON `captions` (`video_id`, `language`);
-- create "caption_generations" table
CREATE TABLE `caption_generations` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `language` text NOT NULL, `engine` text NOT NULL, `model` text NOT NULL DEFAULT (''), `status` text NOT NULL DEFAULT ('queued'), `failure_reason` text NOT NULL DEFAULT (''), `caption_id` uuid NULL, `audio_seconds` real NOT NULL DEFAULT (0), `cpu_seconds` real NOT NULL DEFAULT (0), `finished_at` datetime NULL, `video_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `caption_generations_videos_caption_generations` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE CASCADE);
-- create index "captiongeneration_video_id_created_at" to table: "caption_generations"
CREATE INDEX `captiongeneration_video_id_created_at` ON `caption_generations` (`video_id`, `created_at`);
-- create index "captiongeneration_status" to table: "caption_generations"
CREATE INDEX `captiongeneration_status` ON `caption_generations` (`status`);
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
