-- drop "analytics_events" table: raw events are now keyed by their view's number
-- and seq, which the old rows (written before views had numbers) cannot get
DROP TABLE "analytics_events";
-- create "analytics_events" table
CREATE TABLE "analytics_events" ("id" bigint NOT NULL, "ts_ms" bigint NOT NULL, "playhead_ms" bigint NOT NULL DEFAULT 0, "type" smallint NOT NULL, "detail" character varying NULL, PRIMARY KEY ("id"));
-- modify "analytics_views" table
ALTER TABLE "analytics_views" ADD COLUMN "ref" bigint NULL;
-- create index "analytics_views_ref_key" to table: "analytics_views"
CREATE UNIQUE INDEX "analytics_views_ref_key" ON "analytics_views" ("ref");
