-- reverse: add column "clip_end" to table: "videos"
ALTER TABLE `videos` DROP COLUMN `clip_end`;
-- reverse: add column "clip_start" to table: "videos"
ALTER TABLE `videos` DROP COLUMN `clip_start`;
-- reverse: add column "clip_source_id" to table: "videos"
ALTER TABLE `videos` DROP COLUMN `clip_source_id`;
