-- create "upload_locks" table
CREATE TABLE `upload_locks` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `upload_id` text NOT NULL, `holder` text NOT NULL, `expires_at` datetime NOT NULL, `release_requested` bool NOT NULL DEFAULT (false), PRIMARY KEY (`id`));
-- create index "uploadlock_upload_id" to table: "upload_locks"
CREATE UNIQUE INDEX `uploadlock_upload_id` ON `upload_locks` (`upload_id`);
-- create index "uploadlock_expires_at" to table: "upload_locks"
CREATE INDEX `uploadlock_expires_at` ON `upload_locks` (`expires_at`);
