-- reverse: create index "video_status" to table: "videos"
DROP INDEX `video_status`;
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
-- reverse: create index "video_project_id_id" to table: "videos"
DROP INDEX `video_project_id_id`;
-- reverse: create "new_videos" table
DROP TABLE `new_videos`;
