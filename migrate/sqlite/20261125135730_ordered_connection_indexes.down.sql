-- reverse: create index "video_folder_id_duration_id" to table: "videos"
DROP INDEX `video_folder_id_duration_id`;
-- reverse: create index "video_folder_id_status_id" to table: "videos"
DROP INDEX `video_folder_id_status_id`;
-- reverse: create index "video_folder_id_title_id" to table: "videos"
DROP INDEX `video_folder_id_title_id`;
-- reverse: create index "video_folder_id_updated_at_id" to table: "videos"
DROP INDEX `video_folder_id_updated_at_id`;
-- reverse: create index "video_folder_id_created_at_id" to table: "videos"
DROP INDEX `video_folder_id_created_at_id`;
-- reverse: create index "video_folder_id_id" to table: "videos"
DROP INDEX `video_folder_id_id`;
-- reverse: create index "video_project_id_duration_id" to table: "videos"
DROP INDEX `video_project_id_duration_id`;
-- reverse: create index "video_project_id_status_id" to table: "videos"
DROP INDEX `video_project_id_status_id`;
-- reverse: create index "video_project_id_title_id" to table: "videos"
DROP INDEX `video_project_id_title_id`;
-- reverse: create index "video_project_id_updated_at_id" to table: "videos"
DROP INDEX `video_project_id_updated_at_id`;
-- reverse: create index "video_project_id_created_at_id" to table: "videos"
DROP INDEX `video_project_id_created_at_id`;
-- reverse: drop index "video_folder_id" from table: "videos"
CREATE INDEX `video_folder_id` ON `videos` (`folder_id`);
-- reverse: drop index "video_project_id_created_at" from table: "videos"
CREATE INDEX `video_project_id_created_at` ON `videos` (`project_id`, `created_at`);
-- reverse: create index "tag_project_id_name_id" to table: "tags"
DROP INDEX `tag_project_id_name_id`;
-- reverse: create index "tag_project_id_updated_at_id" to table: "tags"
DROP INDEX `tag_project_id_updated_at_id`;
-- reverse: create index "tag_project_id_created_at_id" to table: "tags"
DROP INDEX `tag_project_id_created_at_id`;
-- reverse: create index "tag_project_id_id" to table: "tags"
DROP INDEX `tag_project_id_id`;
-- reverse: create index "project_organization_id_name_id" to table: "projects"
DROP INDEX `project_organization_id_name_id`;
-- reverse: create index "project_organization_id_updated_at_id" to table: "projects"
DROP INDEX `project_organization_id_updated_at_id`;
-- reverse: create index "project_organization_id_created_at_id" to table: "projects"
DROP INDEX `project_organization_id_created_at_id`;
-- reverse: create index "folder_parent_id_name_id" to table: "folders"
DROP INDEX `folder_parent_id_name_id`;
-- reverse: create index "folder_parent_id_updated_at_id" to table: "folders"
DROP INDEX `folder_parent_id_updated_at_id`;
-- reverse: create index "folder_parent_id_created_at_id" to table: "folders"
DROP INDEX `folder_parent_id_created_at_id`;
-- reverse: create index "folder_parent_id_id" to table: "folders"
DROP INDEX `folder_parent_id_id`;
-- reverse: create index "folder_project_id_name_id" to table: "folders"
DROP INDEX `folder_project_id_name_id`;
-- reverse: create index "folder_project_id_updated_at_id" to table: "folders"
DROP INDEX `folder_project_id_updated_at_id`;
-- reverse: create index "folder_project_id_created_at_id" to table: "folders"
DROP INDEX `folder_project_id_created_at_id`;
-- reverse: create index "folder_project_id_id" to table: "folders"
DROP INDEX `folder_project_id_id`;
-- reverse: drop index "folder_parent_id" from table: "folders"
CREATE INDEX `folder_parent_id` ON `folders` (`parent_id`);
