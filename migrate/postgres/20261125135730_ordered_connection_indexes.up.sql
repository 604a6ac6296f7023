-- drop index "folder_parent_id" from table: "folders"
DROP INDEX "folder_parent_id";
-- create index "folder_parent_id_created_at_id" to table: "folders"
CREATE INDEX "folder_parent_id_created_at_id" ON "folders" ("parent_id", "created_at", "id");
-- create index "folder_parent_id_id" to table: "folders"
CREATE INDEX "folder_parent_id_id" ON "folders" ("parent_id", "id");
-- create index "folder_parent_id_name_id" to table: "folders"
CREATE INDEX "folder_parent_id_name_id" ON "folders" ("parent_id", "name", "id");
-- create index "folder_parent_id_updated_at_id" to table: "folders"
CREATE INDEX "folder_parent_id_updated_at_id" ON "folders" ("parent_id", "updated_at", "id");
-- create index "folder_project_id_created_at_id" to table: "folders"
CREATE INDEX "folder_project_id_created_at_id" ON "folders" ("project_id", "created_at", "id");
-- create index "folder_project_id_id" to table: "folders"
CREATE INDEX "folder_project_id_id" ON "folders" ("project_id", "id");
-- create index "folder_project_id_name_id" to table: "folders"
CREATE INDEX "folder_project_id_name_id" ON "folders" ("project_id", "name", "id");
-- create index "folder_project_id_updated_at_id" to table: "folders"
CREATE INDEX "folder_project_id_updated_at_id" ON "folders" ("project_id", "updated_at", "id");
-- create index "project_organization_id_created_at_id" to table: "projects"
CREATE INDEX "project_organization_id_created_at_id" ON "projects" ("organization_id", "created_at", "id");
-- create index "project_organization_id_name_id" to table: "projects"
CREATE INDEX "project_organization_id_name_id" ON "projects" ("organization_id", "name", "id");
-- create index "project_organization_id_updated_at_id" to table: "projects"
CREATE INDEX "project_organization_id_updated_at_id" ON "projects" ("organization_id", "updated_at", "id");
-- create index "tag_project_id_created_at_id" to table: "tags"
CREATE INDEX "tag_project_id_created_at_id" ON "tags" ("project_id", "created_at", "id");
-- create index "tag_project_id_id" to table: "tags"
CREATE INDEX "tag_project_id_id" ON "tags" ("project_id", "id");
-- create index "tag_project_id_name_id" to table: "tags"
CREATE INDEX "tag_project_id_name_id" ON "tags" ("project_id", "name", "id");
-- create index "tag_project_id_updated_at_id" to table: "tags"
CREATE INDEX "tag_project_id_updated_at_id" ON "tags" ("project_id", "updated_at", "id");
-- drop index "video_folder_id" from table: "videos"
DROP INDEX "video_folder_id";
-- drop index "video_project_id_created_at" from table: "videos"
DROP INDEX "video_project_id_created_at";
-- create index "video_folder_id_created_at_id" to table: "videos"
CREATE INDEX "video_folder_id_created_at_id" ON "videos" ("folder_id", "created_at", "id");
-- create index "video_folder_id_duration_id" to table: "videos"
CREATE INDEX "video_folder_id_duration_id" ON "videos" ("folder_id", "duration", "id");
-- create index "video_folder_id_id" to table: "videos"
CREATE INDEX "video_folder_id_id" ON "videos" ("folder_id", "id");
-- create index "video_folder_id_status_id" to table: "videos"
CREATE INDEX "video_folder_id_status_id" ON "videos" ("folder_id", "status", "id");
-- create index "video_folder_id_title_id" to table: "videos"
CREATE INDEX "video_folder_id_title_id" ON "videos" ("folder_id", "title", "id");
-- create index "video_folder_id_updated_at_id" to table: "videos"
CREATE INDEX "video_folder_id_updated_at_id" ON "videos" ("folder_id", "updated_at", "id");
-- create index "video_project_id_created_at_id" to table: "videos"
CREATE INDEX "video_project_id_created_at_id" ON "videos" ("project_id", "created_at", "id");
-- create index "video_project_id_duration_id" to table: "videos"
CREATE INDEX "video_project_id_duration_id" ON "videos" ("project_id", "duration", "id");
-- create index "video_project_id_status_id" to table: "videos"
CREATE INDEX "video_project_id_status_id" ON "videos" ("project_id", "status", "id");
-- create index "video_project_id_title_id" to table: "videos"
CREATE INDEX "video_project_id_title_id" ON "videos" ("project_id", "title", "id");
-- create index "video_project_id_updated_at_id" to table: "videos"
CREATE INDEX "video_project_id_updated_at_id" ON "videos" ("project_id", "updated_at", "id");
