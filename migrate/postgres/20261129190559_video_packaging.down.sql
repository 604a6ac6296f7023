-- reverse: modify "videos" table
ALTER TABLE "videos" DROP COLUMN "packaging";
