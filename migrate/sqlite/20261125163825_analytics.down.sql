-- reverse: create index "analyticsview_project_id_folder_id_hour" to table: "analytics_views"
DROP INDEX `analyticsview_project_id_folder_id_hour`;
-- reverse: create index "analyticsview_project_id_user_id_started_at" to table: "analytics_views"
DROP INDEX `analyticsview_project_id_user_id_started_at`;
-- reverse: create index "analyticsview_project_id_video_id_hour" to table: "analytics_views"
DROP INDEX `analyticsview_project_id_video_id_hour`;
-- reverse: create index "analyticsview_project_id_hour" to table: "analytics_views"
DROP INDEX `analyticsview_project_id_hour`;
-- reverse: create "analytics_views" table
DROP TABLE `analytics_views`;
-- reverse: create index "analyticssalt_day" to table: "analytics_salts"
DROP INDEX `analyticssalt_day`;
-- reverse: create "analytics_salts" table
DROP TABLE `analytics_salts`;
-- reverse: create index "analytics_hourly_key" to table: "analytics_hourly"
DROP INDEX `analytics_hourly_key`;
-- reverse: create "analytics_hourly" table
DROP TABLE `analytics_hourly`;
-- reverse: create index "analyticsevent_project_id_user_id_ts_ms" to table: "analytics_events"
DROP INDEX `analyticsevent_project_id_user_id_ts_ms`;
-- reverse: create index "analyticsevent_view_id_seq" to table: "analytics_events"
DROP INDEX `analyticsevent_view_id_seq`;
-- reverse: create "analytics_events" table
DROP TABLE `analytics_events`;
-- reverse: create index "analyticsdrop_project_id_hour_reason" to table: "analytics_drops"
DROP INDEX `analyticsdrop_project_id_hour_reason`;
-- reverse: create "analytics_drops" table
DROP TABLE `analytics_drops`;
-- reverse: create index "analyticsdirtyhour_project_id_hour" to table: "analytics_dirty_hours"
DROP INDEX `analyticsdirtyhour_project_id_hour`;
-- reverse: create "analytics_dirty_hours" table
DROP TABLE `analytics_dirty_hours`;
-- reverse: create index "analyticsdelivery_project_id_video_id_hour" to table: "analytics_delivery"
DROP INDEX `analyticsdelivery_project_id_video_id_hour`;
-- reverse: create "analytics_delivery" table
DROP TABLE `analytics_delivery`;
-- reverse: create index "analytics_daily_key" to table: "analytics_daily"
DROP INDEX `analytics_daily_key`;
-- reverse: create "analytics_daily" table
DROP TABLE `analytics_daily`;
