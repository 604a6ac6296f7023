-- modify "renditions" table
ALTER TABLE "renditions" DROP CONSTRAINT "renditions_videos_renditions", ADD CONSTRAINT "renditions_videos_renditions" FOREIGN KEY ("video_id") REFERENCES "videos" ("id") ON UPDATE NO ACTION ON DELETE CASCADE;
-- modify "thumbnails" table
ALTER TABLE "thumbnails" DROP CONSTRAINT "thumbnails_videos_thumbnails", ADD CONSTRAINT "thumbnails_videos_thumbnails" FOREIGN KEY ("video_id") REFERENCES "videos" ("id") ON UPDATE NO ACTION ON DELETE CASCADE;
