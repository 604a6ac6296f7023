-- create "organizations" table
CREATE TABLE "organizations" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, PRIMARY KEY ("id"));
-- create "projects" table
CREATE TABLE "projects" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, "description" character varying NOT NULL DEFAULT '', "logo" character varying NOT NULL DEFAULT '', "organization_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "projects_organizations_projects" FOREIGN KEY ("organization_id") REFERENCES "organizations" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "project_organization_id_id" to table: "projects"
CREATE INDEX "project_organization_id_id" ON "projects" ("organization_id", "id");
-- create "folders" table
CREATE TABLE "folders" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, "parent_id" uuid NULL, "project_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "folders_folders_children" FOREIGN KEY ("parent_id") REFERENCES "folders" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, CONSTRAINT "folders_projects_folders" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "folder_parent_id" to table: "folders"
CREATE INDEX "folder_parent_id" ON "folders" ("parent_id");
-- create index "folder_project_id_parent_id" to table: "folders"
CREATE INDEX "folder_project_id_parent_id" ON "folders" ("project_id", "parent_id");
-- create "users" table
CREATE TABLE "users" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "email" character varying NOT NULL, "name" character varying NOT NULL DEFAULT '', PRIMARY KEY ("id"));
-- create index "users_email_key" to table: "users"
CREATE UNIQUE INDEX "users_email_key" ON "users" ("email");
-- create "memberships" table
CREATE TABLE "memberships" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "role" character varying NOT NULL DEFAULT 'member', "organization_id" uuid NOT NULL, "user_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "memberships_organizations_memberships" FOREIGN KEY ("organization_id") REFERENCES "organizations" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "memberships_users_memberships" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "membership_organization_id_user_id" to table: "memberships"
CREATE UNIQUE INDEX "membership_organization_id_user_id" ON "memberships" ("organization_id", "user_id");
-- create index "membership_user_id" to table: "memberships"
CREATE INDEX "membership_user_id" ON "memberships" ("user_id");
-- create "project_settings" table
CREATE TABLE "project_settings" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "key" character varying NOT NULL, "value" text NOT NULL DEFAULT '', "project_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "project_settings_projects_settings" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "projectsetting_project_id_key" to table: "project_settings"
CREATE UNIQUE INDEX "projectsetting_project_id_key" ON "project_settings" ("project_id", "key");
-- create "tags" table
CREATE TABLE "tags" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, "project_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "tags_projects_tags" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "tag_project_id_name" to table: "tags"
CREATE UNIQUE INDEX "tag_project_id_name" ON "tags" ("project_id", "name");
-- create "videos" table
CREATE TABLE "videos" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "title" character varying NOT NULL, "description" character varying NOT NULL DEFAULT '', "status" character varying NOT NULL DEFAULT 'created', "duration" double precision NOT NULL DEFAULT 0, "size" bigint NOT NULL DEFAULT 0, "metadata" jsonb NULL, "folder_id" uuid NULL, "project_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "videos_folders_videos" FOREIGN KEY ("folder_id") REFERENCES "folders" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, CONSTRAINT "videos_projects_videos" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "video_folder_id" to table: "videos"
CREATE INDEX "video_folder_id" ON "videos" ("folder_id");
-- create index "video_project_id_created_at" to table: "videos"
CREATE INDEX "video_project_id_created_at" ON "videos" ("project_id", "created_at");
-- create index "video_project_id_id" to table: "videos"
CREATE INDEX "video_project_id_id" ON "videos" ("project_id", "id");
-- create "video_tags" table
CREATE TABLE "video_tags" ("video_id" uuid NOT NULL, "tag_id" uuid NOT NULL, PRIMARY KEY ("video_id", "tag_id"), CONSTRAINT "video_tags_tag_id" FOREIGN KEY ("tag_id") REFERENCES "tags" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, CONSTRAINT "video_tags_video_id" FOREIGN KEY ("video_id") REFERENCES "videos" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
