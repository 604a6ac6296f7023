-- create "change_log" table
CREATE TABLE `change_log` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `created_at` datetime NOT NULL, `kind` text NOT NULL, `row_id` uuid NOT NULL, `project_id` uuid NULL, `deleted` bool NOT NULL DEFAULT (false));
-- create index "changelogentry_row_id" to table: "change_log"
CREATE INDEX `changelogentry_row_id` ON `change_log` (`row_id`);
-- create index "changelogentry_kind_project_id" to table: "change_log"
CREATE INDEX `changelogentry_kind_project_id` ON `change_log` (`kind`, `project_id`);
-- create index "changelogentry_created_at" to table: "change_log"
CREATE INDEX `changelogentry_created_at` ON `change_log` (`created_at`);
