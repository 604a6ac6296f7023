-- reverse: create index "staticrendition_status" to table: "static_renditions"
DROP INDEX `staticrendition_status`;
-- reverse: create index "staticrendition_video_id_resolution" to table: "static_renditions"
DROP INDEX `staticrendition_video_id_resolution`;
-- reverse: create "static_renditions" table
DROP TABLE `static_renditions`;
-- reverse: add column "static_renditions" to table: "projects"
ALTER TABLE `projects` DROP COLUMN `static_renditions`;
