-- reverse: create index "analyticsview_project_id_updated_at" to table: "analytics_views"
DROP INDEX "analyticsview_project_id_updated_at";
-- reverse: modify "analytics_views" table
ALTER TABLE "analytics_views" DROP COLUMN "closed";
