-- reverse: create index "livesimulcasttarget_live_stream_id_created_at" to table: "live_simulcast_targets"
DROP INDEX "livesimulcasttarget_live_stream_id_created_at";
-- reverse: create "live_simulcast_targets" table
DROP TABLE "live_simulcast_targets";
-- reverse: create index "livesession_project_id_started_at" to table: "live_sessions"
DROP INDEX "livesession_project_id_started_at";
-- reverse: create index "livesession_live_stream_id_started_at" to table: "live_sessions"
DROP INDEX "livesession_live_stream_id_started_at";
-- reverse: create "live_sessions" table
DROP TABLE "live_sessions";
-- reverse: create index "livestream_status_lease_until" to table: "live_streams"
DROP INDEX "livestream_status_lease_until";
-- reverse: create index "livestream_project_id_created_at" to table: "live_streams"
DROP INDEX "livestream_project_id_created_at";
-- reverse: create index "live_streams_key_hash_key" to table: "live_streams"
DROP INDEX "live_streams_key_hash_key";
-- reverse: create "live_streams" table
DROP TABLE "live_streams";
