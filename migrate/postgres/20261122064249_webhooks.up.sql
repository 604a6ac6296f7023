-- create "events" table
CREATE TABLE "events" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "project_id" uuid NOT NULL, "type" character varying NOT NULL, "data" jsonb NOT NULL, PRIMARY KEY ("id"));
-- create index "event_project_id_created_at" to table: "events"
CREATE INDEX "event_project_id_created_at" ON "events" ("project_id", "created_at");
-- create "webhook_endpoints" table
CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "project_id" uuid NOT NULL, "url" character varying NOT NULL, "description" character varying NOT NULL DEFAULT '', "event_types" jsonb NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "secret" character varying NOT NULL, "previous_secret" character varying NOT NULL DEFAULT '', "previous_secret_expires_at" timestamptz NULL, "failing_since" timestamptz NULL, "disabled_reason" character varying NOT NULL DEFAULT '', PRIMARY KEY ("id"));
-- create index "webhookendpoint_project_id_created_at" to table: "webhook_endpoints"
CREATE INDEX "webhookendpoint_project_id_created_at" ON "webhook_endpoints" ("project_id", "created_at");
-- create "webhook_deliveries" table
CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "project_id" uuid NOT NULL, "event_type" character varying NOT NULL, "status" character varying NOT NULL DEFAULT 'pending', "attempts" bigint NOT NULL DEFAULT 0, "last_status_code" bigint NOT NULL DEFAULT 0, "completed_at" timestamptz NULL, "event_id" uuid NOT NULL, "endpoint_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "webhook_deliveries_events_deliveries" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, CONSTRAINT "webhook_deliveries_webhook_endpoints_deliveries" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "webhookdelivery_endpoint_id_created_at" to table: "webhook_deliveries"
CREATE INDEX "webhookdelivery_endpoint_id_created_at" ON "webhook_deliveries" ("endpoint_id", "created_at");
-- create index "webhookdelivery_project_id_created_at" to table: "webhook_deliveries"
CREATE INDEX "webhookdelivery_project_id_created_at" ON "webhook_deliveries" ("project_id", "created_at");
-- create index "webhookdelivery_status" to table: "webhook_deliveries"
CREATE INDEX "webhookdelivery_status" ON "webhook_deliveries" ("status");
-- create "webhook_attempts" table
CREATE TABLE "webhook_attempts" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "status_code" bigint NOT NULL DEFAULT 0, "duration_ms" bigint NOT NULL DEFAULT 0, "response_body" character varying NOT NULL DEFAULT '', "error" character varying NOT NULL DEFAULT '', "succeeded" boolean NOT NULL DEFAULT false, "delivery_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "webhook_attempts_webhook_deliveries_attempt_log" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "webhookattempt_delivery_id_created_at" to table: "webhook_attempts"
CREATE INDEX "webhookattempt_delivery_id_created_at" ON "webhook_attempts" ("delivery_id", "created_at");
