-- reverse: create index "importitem_video_id" to table: "import_items"
DROP INDEX "importitem_video_id";
-- reverse: create index "importitem_project_id_provider_id" to table: "import_items"
DROP INDEX "importitem_project_id_provider_id";
-- reverse: create index "importitem_migration_id_provider_id" to table: "import_items"
DROP INDEX "importitem_migration_id_provider_id";
-- reverse: create "import_items" table
DROP TABLE "import_items";
-- reverse: create index "importer_project_id_provider" to table: "importers"
DROP INDEX "importer_project_id_provider";
-- reverse: create "importers" table
DROP TABLE "importers";
-- reverse: create index "importmigration_status" to table: "import_migrations"
DROP INDEX "importmigration_status";
-- reverse: create index "importmigration_project_id_provider" to table: "import_migrations"
DROP INDEX "importmigration_project_id_provider";
-- reverse: create "import_migrations" table
DROP TABLE "import_migrations";
