-- reverse: create index "staticrendition_video_id_resolution" to table: "static_renditions"
DROP INDEX "staticrendition_video_id_resolution";
-- reverse: create index "staticrendition_status" to table: "static_renditions"
DROP INDEX "staticrendition_status";
-- reverse: create "static_renditions" table
DROP TABLE "static_renditions";
-- reverse: modify "projects" table
ALTER TABLE "projects" DROP COLUMN "static_renditions";
