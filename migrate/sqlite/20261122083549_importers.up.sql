-- create "import_items" table
CREATE TABLE `import_items` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `migration_id` uuid NOT NULL, `provider_id` text NOT NULL, `name` text NOT NULL DEFAULT (''), `description` text NOT NULL DEFAULT (''), `duration` integer NOT NULL DEFAULT (0), `download_url` text NOT NULL DEFAULT (''), `download_quality` text NOT NULL DEFAULT (''), `download_size` integer NOT NULL DEFAULT (0), `width` integer NOT NULL DEFAULT (0), `height` integer NOT NULL DEFAULT (0), `imported_at` datetime NULL, `video_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `import_items_videos_video` FOREIGN KEY (`video_id`) REFERENCES `videos` (`id`) ON DELETE SET NULL);
-- create index "importitem_migration_id_provider_id" to table: "import_items"
CREATE UNIQUE INDEX `importitem_migration_id_provider_id` ON `import_items` (`migration_id`, `provider_id`);
-- create index "importitem_project_id_provider_id" to table: "import_items"
CREATE INDEX `importitem_project_id_provider_id` ON `import_items` (`project_id`, `provider_id`);
-- create index "importitem_video_id" to table: "import_items"
CREATE INDEX `importitem_video_id` ON `import_items` (`video_id`);
-- create "import_migrations" table
CREATE TABLE `import_migrations` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `importer_id` uuid NOT NULL, `provider` text NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `failure_reason` text NOT NULL DEFAULT (''), `total` integer NOT NULL DEFAULT (0), `item_count` integer NOT NULL DEFAULT (0), `started_at` datetime NULL, `completed_at` datetime NULL, PRIMARY KEY (`id`));
-- create index "importmigration_project_id_provider" to table: "import_migrations"
CREATE INDEX `importmigration_project_id_provider` ON `import_migrations` (`project_id`, `provider`);
-- create index "importmigration_status" to table: "import_migrations"
CREATE INDEX `importmigration_status` ON `import_migrations` (`status`);
-- create "importers" table
CREATE TABLE `importers` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `provider` text NOT NULL, `credential` text NOT NULL, `credential_last4` text NOT NULL DEFAULT (''), `account_name` text NOT NULL DEFAULT (''), `account_uri` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- create index "importer_project_id_provider" to table: "importers"
CREATE UNIQUE INDEX `importer_project_id_provider` ON `importers` (`project_id`, `provider`);
