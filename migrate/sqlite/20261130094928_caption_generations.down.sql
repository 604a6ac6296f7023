-- reverse: create index "captiongeneration_status" to table: "caption_generations"
DROP INDEX `captiongeneration_status`;
-- reverse: create index "captiongeneration_video_id_created_at" to table: "caption_generations"
DROP INDEX `captiongeneration_video_id_created_at`;
-- reverse: create "caption_generations" table
DROP TABLE `caption_generations`;
-- reverse: create index "caption_video_id_language" to table: "captions"
DROP INDEX `caption_video_id_language`;
-- reverse: create "new_captions" table
DROP TABLE `new_captions`;
-- reverse: create index "project_organization_id_name_id" to table: "projects"
DROP INDEX `project_organization_id_name_id`;
-- reverse: create index "project_organization_id_updated_at_id" to table: "projects"
DROP INDEX `project_organization_id_updated_at_id`;
-- reverse: create index "project_organization_id_created_at_id" to table: "projects"
DROP INDEX `project_organization_id_created_at_id`;
-- reverse: create index "project_organization_id_id" to table: "projects"
DROP INDEX `project_organization_id_id`;
-- reverse: create "new_projects" table
DROP TABLE `new_projects`;
