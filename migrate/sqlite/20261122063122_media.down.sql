-- reverse: create index "uploadtoken_video_id" to table: "upload_tokens"
DROP INDEX `uploadtoken_video_id`;
-- reverse: create index "uploadtoken_upload_id" to table: "upload_tokens"
DROP INDEX `uploadtoken_upload_id`;
-- reverse: create index "uploadtoken_token_hash" to table: "upload_tokens"
DROP INDEX `uploadtoken_token_hash`;
-- reverse: create "upload_tokens" table
DROP TABLE `upload_tokens`;
-- reverse: create index "thumbnail_video_id_created_at" to table: "thumbnails"
DROP INDEX `thumbnail_video_id_created_at`;
-- reverse: create "thumbnails" table
DROP TABLE `thumbnails`;
-- reverse: create index "rendition_video_id_name" to table: "renditions"
DROP INDEX `rendition_video_id_name`;
-- reverse: create "renditions" table
DROP TABLE `renditions`;
-- reverse: create index "playbackusage_project_id_day" to table: "playback_usages"
DROP INDEX `playbackusage_project_id_day`;
-- reverse: create "playback_usages" table
DROP TABLE `playback_usages`;
-- reverse: create index "video_status" to table: "videos"
DROP INDEX `video_status`;
-- reverse: create index "video_folder_id" to table: "videos"
DROP INDEX `video_folder_id`;
-- reverse: create index "video_project_id_created_at" to table: "videos"
DROP INDEX `video_project_id_created_at`;
-- reverse: create index "video_project_id_id" to table: "videos"
DROP INDEX `video_project_id_id`;
-- reverse: create "new_videos" table
DROP TABLE `new_videos`;
