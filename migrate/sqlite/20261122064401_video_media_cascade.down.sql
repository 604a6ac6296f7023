-- reverse: create index "thumbnail_video_id_created_at" to table: "thumbnails"
DROP INDEX `thumbnail_video_id_created_at`;
-- reverse: create "new_thumbnails" table
DROP TABLE `new_thumbnails`;
-- reverse: create index "rendition_video_id_name" to table: "renditions"
DROP INDEX `rendition_video_id_name`;
-- reverse: create "new_renditions" table
DROP TABLE `new_renditions`;
