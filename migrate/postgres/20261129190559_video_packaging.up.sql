-- modify "videos" table
ALTER TABLE "videos" ADD COLUMN "packaging" character varying NOT NULL DEFAULT 'ts';
