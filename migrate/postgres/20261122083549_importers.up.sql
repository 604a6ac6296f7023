-- create "import_migrations" table
CREATE TABLE "import_migrations" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "project_id" uuid NOT NULL, "importer_id" uuid NOT NULL, "provider" character varying NOT NULL, "status" character varying NOT NULL DEFAULT 'pending', "failure_reason" character varying NOT NULL DEFAULT '', "total" bigint NOT NULL DEFAULT 0, "item_count" bigint NOT NULL DEFAULT 0, "started_at" timestamptz NULL, "completed_at" timestamptz NULL, PRIMARY KEY ("id"));
-- create index "importmigration_project_id_provider" to table: "import_migrations"
CREATE INDEX "importmigration_project_id_provider" ON "import_migrations" ("project_id", "provider");
-- create index "importmigration_status" to table: "import_migrations"
CREATE INDEX "importmigration_status" ON "import_migrations" ("status");
-- create "importers" table
CREATE TABLE "importers" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "project_id" uuid NOT NULL, "provider" character varying NOT NULL, "credential" character varying NOT NULL, "credential_last4" character varying NOT NULL DEFAULT '', "account_name" character varying NOT NULL DEFAULT '', "account_uri" character varying NOT NULL DEFAULT '', PRIMARY KEY ("id"));
-- create index "importer_project_id_provider" to table: "importers"
CREATE UNIQUE INDEX "importer_project_id_provider" ON "importers" ("project_id", "provider");
-- create "import_items" table
CREATE TABLE "import_items" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "project_id" uuid NOT NULL, "migration_id" uuid NOT NULL, "provider_id" character varying NOT NULL, "name" character varying NOT NULL DEFAULT '', "description" character varying NOT NULL DEFAULT '', "duration" bigint NOT NULL DEFAULT 0, "download_url" character varying NOT NULL DEFAULT '', "download_quality" character varying NOT NULL DEFAULT '', "download_size" bigint NOT NULL DEFAULT 0, "width" bigint NOT NULL DEFAULT 0, "height" bigint NOT NULL DEFAULT 0, "imported_at" timestamptz NULL, "video_id" uuid NULL, PRIMARY KEY ("id"), CONSTRAINT "import_items_videos_video" FOREIGN KEY ("video_id") REFERENCES "videos" ("id") ON UPDATE NO ACTION ON DELETE SET NULL);
-- create index "importitem_migration_id_provider_id" to table: "import_items"
CREATE UNIQUE INDEX "importitem_migration_id_provider_id" ON "import_items" ("migration_id", "provider_id");
-- create index "importitem_project_id_provider_id" to table: "import_items"
CREATE INDEX "importitem_project_id_provider_id" ON "import_items" ("project_id", "provider_id");
-- create index "importitem_video_id" to table: "import_items"
CREATE INDEX "importitem_video_id" ON "import_items" ("video_id");
