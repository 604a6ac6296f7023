-- modify "analytics_views" table
ALTER TABLE "analytics_views" ADD COLUMN "closed" boolean NOT NULL DEFAULT false;
-- create index "analyticsview_project_id_updated_at" to table: "analytics_views"
CREATE INDEX "analyticsview_project_id_updated_at" ON "analytics_views" ("project_id", "updated_at");
