-- reverse: create "video_tags" table
DROP TABLE "video_tags";
-- reverse: create index "video_project_id_id" to table: "videos"
DROP INDEX "video_project_id_id";
-- reverse: create index "video_project_id_created_at" to table: "videos"
DROP INDEX "video_project_id_created_at";
-- reverse: create index "video_folder_id" to table: "videos"
DROP INDEX "video_folder_id";
-- reverse: create "videos" table
DROP TABLE "videos";
-- reverse: create index "tag_project_id_name" to table: "tags"
DROP INDEX "tag_project_id_name";
-- reverse: create "tags" table
DROP TABLE "tags";
-- reverse: create index "projectsetting_project_id_key" to table: "project_settings"
DROP INDEX "projectsetting_project_id_key";
-- reverse: create "project_settings" table
DROP TABLE "project_settings";
-- reverse: create index "membership_user_id" to table: "memberships"
DROP INDEX "membership_user_id";
-- reverse: create index "membership_organization_id_user_id" to table: "memberships"
DROP INDEX "membership_organization_id_user_id";
-- reverse: create "memberships" table
DROP TABLE "memberships";
-- reverse: create index "users_email_key" to table: "users"
DROP INDEX "users_email_key";
-- reverse: create "users" table
DROP TABLE "users";
-- reverse: create index "folder_project_id_parent_id" to table: "folders"
DROP INDEX "folder_project_id_parent_id";
-- reverse: create index "folder_parent_id" to table: "folders"
DROP INDEX "folder_parent_id";
-- reverse: create "folders" table
DROP TABLE "folders";
-- reverse: create index "project_organization_id_id" to table: "projects"
DROP INDEX "project_organization_id_id";
-- reverse: create "projects" table
DROP TABLE "projects";
-- reverse: create "organizations" table
DROP TABLE "organizations";
