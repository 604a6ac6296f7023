-- reverse: create index "analyticsview_project_id_updated_at" to table: "analytics_views"
DROP INDEX `analyticsview_project_id_updated_at`;
-- reverse: create index "analyticsview_project_id_folder_id_hour" to table: "analytics_views"
DROP INDEX `analyticsview_project_id_folder_id_hour`;
-- reverse: create index "analyticsview_project_id_user_id_started_at" to table: "analytics_views"
DROP INDEX `analyticsview_project_id_user_id_started_at`;
-- reverse: create index "analyticsview_project_id_video_id_hour" to table: "analytics_views"
DROP INDEX `analyticsview_project_id_video_id_hour`;
-- reverse: create index "analyticsview_project_id_hour" to table: "analytics_views"
DROP INDEX `analyticsview_project_id_hour`;
-- reverse: create index "analytics_views_ref_key" to table: "analytics_views"
DROP INDEX `analytics_views_ref_key`;
-- reverse: create "new_analytics_views" table
DROP TABLE `new_analytics_views`;
