-- add column "clip_source_id" to table: "videos"
ALTER TABLE `videos` ADD COLUMN `clip_source_id` uuid NULL;
-- add column "clip_start" to table: "videos"
ALTER TABLE `videos` ADD COLUMN `clip_start` real NULL;
-- add column "clip_end" to table: "videos"
ALTER TABLE `videos` ADD COLUMN `clip_end` real NULL;
