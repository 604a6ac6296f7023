-- reverse: create index "ratelimit_tat_ms" to table: "rate_limits"
DROP INDEX "ratelimit_tat_ms";
-- reverse: create index "ratelimit_bucket" to table: "rate_limits"
DROP INDEX "ratelimit_bucket";
-- reverse: create "rate_limits" table
DROP TABLE "rate_limits";
-- reverse: create index "idempotencykey_scope_key" to table: "idempotency_keys"
DROP INDEX "idempotencykey_scope_key";
-- reverse: create index "idempotencykey_expires_at" to table: "idempotency_keys"
DROP INDEX "idempotencykey_expires_at";
-- reverse: create "idempotency_keys" table
DROP TABLE "idempotency_keys";
