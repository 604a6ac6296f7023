-- reverse: create index "thumbnail_video_id_created_at" to table: "thumbnails"
DROP INDEX "thumbnail_video_id_created_at";
-- reverse: create "thumbnails" table
DROP TABLE "thumbnails";
-- reverse: create index "rendition_video_id_name" to table: "renditions"
DROP INDEX "rendition_video_id_name";
-- reverse: create "renditions" table
DROP TABLE "renditions";
-- reverse: create index "uploadtoken_video_id" to table: "upload_tokens"
DROP INDEX "uploadtoken_video_id";
-- reverse: create index "uploadtoken_upload_id" to table: "upload_tokens"
DROP INDEX "uploadtoken_upload_id";
-- reverse: create index "uploadtoken_token_hash" to table: "upload_tokens"
DROP INDEX "uploadtoken_token_hash";
-- reverse: create "upload_tokens" table
DROP TABLE "upload_tokens";
-- reverse: create index "playbackusage_project_id_day" to table: "playback_usages"
DROP INDEX "playbackusage_project_id_day";
-- reverse: create "playback_usages" table
DROP TABLE "playback_usages";
-- reverse: create index "video_status" to table: "videos"
DROP INDEX "video_status";
-- reverse: modify "videos" table
ALTER TABLE "videos" DROP COLUMN "storyboard", DROP COLUMN "processing_attempts", DROP COLUMN "encryption_key", DROP COLUMN "encrypted", DROP COLUMN "source_url", DROP COLUMN "source_key", DROP COLUMN "height", DROP COLUMN "width", DROP COLUMN "progress", DROP COLUMN "failure_reason";
