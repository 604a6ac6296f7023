-- modify "videos" table
ALTER TABLE "videos" ADD COLUMN "clip_source_id" uuid NULL, ADD COLUMN "clip_start" double precision NULL, ADD COLUMN "clip_end" double precision NULL;
