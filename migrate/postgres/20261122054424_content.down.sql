-- reverse: create index "players_one_default_per_project" to table: "players"
DROP INDEX "players_one_default_per_project";
-- reverse: create index "player_project_id_created_at" to table: "players"
DROP INDEX "player_project_id_created_at";
-- reverse: create "players" table
DROP TABLE "players";
-- reverse: create index "encodingprofile_project_id_created_at" to table: "encoding_profiles"
DROP INDEX "encodingprofile_project_id_created_at";
-- reverse: create index "encoding_profiles_one_default_per_project" to table: "encoding_profiles"
DROP INDEX "encoding_profiles_one_default_per_project";
-- reverse: create "encoding_profiles" table
DROP TABLE "encoding_profiles";
-- reverse: create index "chapter_video_id_start_seconds" to table: "chapters"
DROP INDEX "chapter_video_id_start_seconds";
-- reverse: create "chapters" table
DROP TABLE "chapters";
-- reverse: create index "caption_video_id_language" to table: "captions"
DROP INDEX "caption_video_id_language";
-- reverse: create "captions" table
DROP TABLE "captions";
-- reverse: create index "advertisement_project_id_created_at" to table: "advertisements"
DROP INDEX "advertisement_project_id_created_at";
-- reverse: create "advertisements" table
DROP TABLE "advertisements";
-- reverse: create index "access_controls_project_id_key" to table: "access_controls"
DROP INDEX "access_controls_project_id_key";
-- reverse: create "access_controls" table
DROP TABLE "access_controls";
-- reverse: create index "blobdeletion_created_at" to table: "blob_deletions"
DROP INDEX "blobdeletion_created_at";
-- reverse: create "blob_deletions" table
DROP TABLE "blob_deletions";
-- reverse: modify "projects" table
ALTER TABLE "projects" DROP COLUMN "deleted_at";
