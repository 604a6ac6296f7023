-- reverse: create index "changelogentry_created_at" to table: "change_log"
DROP INDEX `changelogentry_created_at`;
-- reverse: create index "changelogentry_kind_project_id" to table: "change_log"
DROP INDEX `changelogentry_kind_project_id`;
-- reverse: create index "changelogentry_row_id" to table: "change_log"
DROP INDEX `changelogentry_row_id`;
-- reverse: create "change_log" table
DROP TABLE `change_log`;
