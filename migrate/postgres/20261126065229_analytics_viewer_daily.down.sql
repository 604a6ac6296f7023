-- reverse: create index "analyticsviewerdaily_project_id_user_id" to table: "analytics_viewer_daily"
DROP INDEX "analyticsviewerdaily_project_id_user_id";
-- reverse: create index "analyticsviewerdaily_project_id_bucket" to table: "analytics_viewer_daily"
DROP INDEX "analyticsviewerdaily_project_id_bucket";
-- reverse: create "analytics_viewer_daily" table
DROP TABLE "analytics_viewer_daily";
-- reverse: create index "analytics_hourly_key" to table: "analytics_hourly"
DROP INDEX "analytics_hourly_key";
-- reverse: modify "analytics_hourly" table
ALTER TABLE "analytics_hourly" DROP COLUMN "fatal_error_code";
-- reverse: drop index "analytics_hourly_key" from table: "analytics_hourly"
CREATE UNIQUE INDEX "analytics_hourly_key" ON "analytics_hourly" ("project_id", "bucket", "video_id", "folder_id", "country", "device_type", "os", "browser");
-- reverse: create index "analytics_daily_key" to table: "analytics_daily"
DROP INDEX "analytics_daily_key";
-- reverse: modify "analytics_daily" table
ALTER TABLE "analytics_daily" DROP COLUMN "fatal_error_code";
-- reverse: drop index "analytics_daily_key" from table: "analytics_daily"
CREATE UNIQUE INDEX "analytics_daily_key" ON "analytics_daily" ("project_id", "bucket", "video_id", "folder_id", "country", "device_type", "os", "browser");
