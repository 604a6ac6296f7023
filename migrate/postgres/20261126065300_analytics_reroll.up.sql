-- The rollups were summed without fatal_error_code, and the viewer rollup
-- (analytics_viewer_daily) starts empty: every hour with views is marked dirty,
-- so the queries read the views for it until the rollup job has recomputed it.
-- (WHERE true: SQLite's INSERT ... SELECT needs it before ON CONFLICT.)
INSERT INTO analytics_dirty_hours (project_id, hour)
SELECT DISTINCT project_id, hour FROM analytics_views WHERE true
ON CONFLICT DO NOTHING;
