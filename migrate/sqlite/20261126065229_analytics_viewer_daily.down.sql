-- reverse: create index "analyticsviewerdaily_project_id_user_id" to table: "analytics_viewer_daily"
DROP INDEX `analyticsviewerdaily_project_id_user_id`;
-- reverse: create index "analyticsviewerdaily_project_id_bucket" to table: "analytics_viewer_daily"
DROP INDEX `analyticsviewerdaily_project_id_bucket`;
-- reverse: create "analytics_viewer_daily" table
DROP TABLE `analytics_viewer_daily`;
-- reverse: create index "analytics_hourly_key" to table: "analytics_hourly"
DROP INDEX `analytics_hourly_key`;
-- reverse: create "new_analytics_hourly" table
DROP TABLE `new_analytics_hourly`;
-- reverse: create index "analytics_daily_key" to table: "analytics_daily"
DROP INDEX `analytics_daily_key`;
-- reverse: create "new_analytics_daily" table
DROP TABLE `new_analytics_daily`;
