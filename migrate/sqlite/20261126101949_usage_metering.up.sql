-- create "stored_objects" table
CREATE TABLE `stored_objects` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `organization_id` uuid NOT NULL, `project_id` uuid NOT NULL, `video_id` uuid NULL, `key` text NOT NULL, `bytes` integer NOT NULL, `video_seconds` real NOT NULL DEFAULT (0), `deleted_at` datetime NULL, PRIMARY KEY (`id`));
-- create index "storedobject_organization_id_created_at" to table: "stored_objects"
CREATE INDEX `storedobject_organization_id_created_at` ON `stored_objects` (`organization_id`, `created_at`);
-- create index "storedobject_project_id_created_at" to table: "stored_objects"
CREATE INDEX `storedobject_project_id_created_at` ON `stored_objects` (`project_id`, `created_at`);
-- create index "storedobject_video_id" to table: "stored_objects"
CREATE INDEX `storedobject_video_id` ON `stored_objects` (`video_id`);
-- create "usage_flushes" table
CREATE TABLE `usage_flushes` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `cells` integer NOT NULL, PRIMARY KEY (`id`));
-- create index "usageflush_created_at" to table: "usage_flushes"
CREATE INDEX `usageflush_created_at` ON `usage_flushes` (`created_at`);
-- create "usage_hourlies" table
CREATE TABLE `usage_hourlies` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `organization_id` uuid NOT NULL, `project_id` uuid NOT NULL, `metric` text NOT NULL, `hour` datetime NOT NULL, `quantity` integer NOT NULL DEFAULT (0), PRIMARY KEY (`id`));
-- create index "usagehourly_project_id_metric_hour" to table: "usage_hourlies"
CREATE UNIQUE INDEX `usagehourly_project_id_metric_hour` ON `usage_hourlies` (`project_id`, `metric`, `hour`);
-- create index "usagehourly_organization_id_hour" to table: "usage_hourlies"
CREATE INDEX `usagehourly_organization_id_hour` ON `usage_hourlies` (`organization_id`, `hour`);
-- create "usage_records" table
CREATE TABLE `usage_records` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `organization_id` uuid NOT NULL, `project_id` uuid NOT NULL, `metric` text NOT NULL, `at` datetime NOT NULL, `quantity` integer NOT NULL, `source_key` text NOT NULL, PRIMARY KEY (`id`));
-- create index "usage_records_source_key_key" to table: "usage_records"
CREATE UNIQUE INDEX `usage_records_source_key_key` ON `usage_records` (`source_key`);
-- create index "usagerecord_organization_id_at" to table: "usage_records"
CREATE INDEX `usagerecord_organization_id_at` ON `usage_records` (`organization_id`, `at`);
-- create index "usagerecord_project_id_at" to table: "usage_records"
CREATE INDEX `usagerecord_project_id_at` ON `usage_records` (`project_id`, `at`);
-- usage_hourlies replaces playback_usages: each day's bytes become the delivered bytes of its first hour (UTC); the old table stays, unread
INSERT INTO `usage_hourlies` (`id`, `created_at`, `updated_at`, `organization_id`, `project_id`, `metric`, `hour`, `quantity`) SELECT pu.`id`, pu.`created_at`, pu.`updated_at`, p.`organization_id`, pu.`project_id`, 'delivered_bytes', pu.`day` || ' 00:00:00+00:00', pu.`bytes` FROM `playback_usages` pu JOIN `projects` p ON p.`id` = pu.`project_id` WHERE pu.`bytes` > 0;
