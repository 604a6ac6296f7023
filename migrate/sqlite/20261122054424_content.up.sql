-- add column "deleted_at" to table: "projects"
ALTER TABLE `projects` ADD COLUMN `deleted_at` datetime NULL;
-- create "access_controls" table
CREATE TABLE `access_controls` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `playback` text NOT NULL DEFAULT ('public'), `allowed_domains` json NOT NULL, `allowed_countries` json NOT NULL, `blocked_countries` json NOT NULL, `token_ttl_default` integer NOT NULL DEFAULT (3600), `token_ttl_min` integer NOT NULL DEFAULT (60), `token_ttl_max` integer NOT NULL DEFAULT (86400), `project_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `access_controls_projects_access_control` FOREIGN KEY (`project_id`) REFERENCES `projects` (`id`) ON DELETE NO ACTION);
-- create index "access_controls_project_id_key" to table: "access_controls"
CREATE UNIQUE INDEX `access_controls_project_id_key` ON `access_controls` (`project_id`);
-- create "advertisements" table
CREATE TABLE `advertisements` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `name` text NOT NULL, `tag_url` text NOT NULL, `placement` text NOT NULL, `offsets` json NOT NULL, `enabled` bool NOT NULL DEFAULT (true), `project_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `advertisements_projects_advertisements` FOREIGN KEY (`project_id`) REFERENCES `projects` (`id`) ON DELETE NO ACTION);
-- create index "advertisement_project_id_created_at" to table: "advertisements"
CREATE INDEX `advertisement_project_id_created_at` ON `advertisements` (`project_id`, `created_at`);
-- create "blob_deletions" table
CREATE TABLE `blob_deletions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `key` text NOT NULL, `prefix` bool NOT NULL DEFAULT (false), `reason` text NOT NULL DEFAULT (''), `project_id` uuid NULL, PRIMARY KEY (`id`));
-- create index "blobdeletion_created_at" to table: "blob_deletions"
CREATE INDEX `blobdeletion_created_at` ON `blob_deletions` (`created_at`);
-- create "captions" table
CREATE TABLE `captions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `language` text NOT NULL, `label` text NOT NULL DEFAULT (''), `source_format` text NOT NULL, `blob_key` text NOT NULL, `size` integer NOT NULL, `video_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `captions_videos_captions` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE CASCADE);
-- create index "caption_video_id_language" to table: "captions"
CREATE UNIQUE INDEX `caption_video_id_language` ON `captions` (`video_id`, `language`);
-- create "chapters" table
CREATE TABLE `chapters` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `title` text NOT NULL, `start_seconds` real NOT NULL, `video_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `chapters_videos_chapters` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE CASCADE);
-- create index "chapter_video_id_start_seconds" to table: "chapters"
CREATE UNIQUE INDEX `chapter_video_id_start_seconds` ON `chapters` (`video_id`, `start_seconds`);
-- create "encoding_profiles" table
CREATE TABLE `encoding_profiles` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `name` text NOT NULL, `is_default` bool NOT NULL DEFAULT (false), `renditions` json NOT NULL, `project_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `encoding_profiles_projects_encoding_profiles` FOREIGN KEY (`project_id`) REFERENCES `projects` (`id`) ON DELETE NO ACTION);
-- create index "encodingprofile_project_id_created_at" to table: "encoding_profiles"
CREATE INDEX `encodingprofile_project_id_created_at` ON `encoding_profiles` (`project_id`, `created_at`);
-- create index "encoding_profiles_one_default_per_project" to table: "encoding_profiles"
CREATE UNIQUE INDEX `encoding_profiles_one_default_per_project` ON `encoding_profiles` (`project_id`) WHERE is_default;
-- create "players" table
CREATE TABLE `players` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `name` text NOT NULL, `is_default` bool NOT NULL DEFAULT (false), `primary_color` text NOT NULL DEFAULT ('#ffffff'), `accent_color` text NOT NULL DEFAULT ('#3b82f6'), `background_color` text NOT NULL DEFAULT ('#000000'), `controls` bool NOT NULL DEFAULT (true), `autoplay` bool NOT NULL DEFAULT (false), `muted` bool NOT NULL DEFAULT (false), `loop` bool NOT NULL DEFAULT (false), `logo_url` text NOT NULL DEFAULT (''), `watermark_url` text NOT NULL DEFAULT (''), `watermark_position` text NOT NULL DEFAULT ('top_right'), `speed_options` json NOT NULL, `captions_default` bool NOT NULL DEFAULT (false), `default_caption_language` text NOT NULL DEFAULT (''), `project_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `players_projects_players` FOREIGN KEY (`project_id`) REFERENCES `projects` (`id`) ON DELETE NO ACTION);
-- create index "player_project_id_created_at" to table: "players"
CREATE INDEX `player_project_id_created_at` ON `players` (`project_id`, `created_at`);
-- create index "players_one_default_per_project" to table: "players"
CREATE UNIQUE INDEX `players_one_default_per_project` ON `players` (`project_id`) WHERE is_default;
