-- create "idempotency_keys" table
CREATE TABLE "idempotency_keys" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "scope" character varying NOT NULL, "key" character varying NOT NULL, "request_hash" character varying NOT NULL, "state" character varying NOT NULL DEFAULT 'running', "locked_at" timestamptz NOT NULL, "response_status" bigint NOT NULL DEFAULT 0, "response_content_type" character varying NOT NULL DEFAULT '', "response_body" bytea NULL, "expires_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- create index "idempotencykey_expires_at" to table: "idempotency_keys"
CREATE INDEX "idempotencykey_expires_at" ON "idempotency_keys" ("expires_at");
-- create index "idempotencykey_scope_key" to table: "idempotency_keys"
CREATE UNIQUE INDEX "idempotencykey_scope_key" ON "idempotency_keys" ("scope", "key");
-- create "rate_limits" table
CREATE TABLE "rate_limits" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "bucket" character varying NOT NULL, "tat_ms" bigint NOT NULL, PRIMARY KEY ("id"));
-- create index "ratelimit_bucket" to table: "rate_limits"
CREATE UNIQUE INDEX "ratelimit_bucket" ON "rate_limits" ("bucket");
-- create index "ratelimit_tat_ms" to table: "rate_limits"
CREATE INDEX "ratelimit_tat_ms" ON "rate_limits" ("tat_ms");
