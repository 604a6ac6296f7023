-- reverse: create index "uploadlock_expires_at" to table: "upload_locks"
DROP INDEX `uploadlock_expires_at`;
-- reverse: create index "uploadlock_upload_id" to table: "upload_locks"
DROP INDEX `uploadlock_upload_id`;
-- reverse: create "upload_locks" table
DROP TABLE `upload_locks`;
