-- create "idempotency_keys" table
CREATE TABLE `idempotency_keys` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `scope` text NOT NULL, `key` text NOT NULL, `request_hash` text NOT NULL, `state` text NOT NULL DEFAULT ('running'), `locked_at` datetime NOT NULL, `response_status` integer NOT NULL DEFAULT (0), `response_content_type` text NOT NULL DEFAULT (''), `response_body` blob NULL, `expires_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- create index "idempotencykey_scope_key" to table: "idempotency_keys"
CREATE UNIQUE INDEX `idempotencykey_scope_key` ON `idempotency_keys` (`scope`, `key`);
-- create index "idempotencykey_expires_at" to table: "idempotency_keys"
CREATE INDEX `idempotencykey_expires_at` ON `idempotency_keys` (`expires_at`);
-- create "rate_limits" table
CREATE TABLE `rate_limits` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `bucket` text NOT NULL, `tat_ms` integer NOT NULL, PRIMARY KEY (`id`));
-- create index "ratelimit_bucket" to table: "rate_limits"
CREATE UNIQUE INDEX `ratelimit_bucket` ON `rate_limits` (`bucket`);
-- create index "ratelimit_tat_ms" to table: "rate_limits"
CREATE INDEX `ratelimit_tat_ms` ON `rate_limits` (`tat_ms`);
