-- reverse: create index "usagerecord_project_id_at" to table: "usage_records"
DROP INDEX `usagerecord_project_id_at`;
-- reverse: create index "usagerecord_organization_id_at" to table: "usage_records"
DROP INDEX `usagerecord_organization_id_at`;
-- reverse: create index "usage_records_source_key_key" to table: "usage_records"
DROP INDEX `usage_records_source_key_key`;
-- reverse: create "usage_records" table
DROP TABLE `usage_records`;
-- reverse: create index "usagehourly_organization_id_hour" to table: "usage_hourlies"
DROP INDEX `usagehourly_organization_id_hour`;
-- reverse: create index "usagehourly_project_id_metric_hour" to table: "usage_hourlies"
DROP INDEX `usagehourly_project_id_metric_hour`;
-- reverse: create "usage_hourlies" table
DROP TABLE `usage_hourlies`;
-- reverse: create index "usageflush_created_at" to table: "usage_flushes"
DROP INDEX `usageflush_created_at`;
-- reverse: create "usage_flushes" table
DROP TABLE `usage_flushes`;
-- reverse: create index "storedobject_video_id" to table: "stored_objects"
DROP INDEX `storedobject_video_id`;
-- reverse: create index "storedobject_project_id_created_at" to table: "stored_objects"
DROP INDEX `storedobject_project_id_created_at`;
-- reverse: create index "storedobject_organization_id_created_at" to table: "stored_objects"
DROP INDEX `storedobject_organization_id_created_at`;
-- reverse: create "stored_objects" table
DROP TABLE `stored_objects`;
