-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- create "new_users" table
CREATE TABLE `new_users` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `email` text NOT NULL, `name` text NOT NULL DEFAULT (''), `password_hash` text NULL, `email_verified_at` datetime NULL, `avatar_url` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- copy rows from old table "users" to new temporary table "new_users"
INSERT INTO `new_users` (`id`, `created_at`, `updated_at`, `email`, `name`) SELECT `id`, `created_at`, `updated_at`, `email`, `name` FROM `users`;
-- drop "users" table after copying rows
DROP TABLE `users`;
-- rename temporary table "new_users" to "users"
ALTER TABLE `new_users` RENAME TO `users`;
-- create index "users_email_key" to table: "users"
CREATE UNIQUE INDEX `users_email_key` ON `users` (`email`);
-- create "auth_codes" table
CREATE TABLE `auth_codes` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `user_id` uuid NOT NULL, `purpose` text NOT NULL, `code_hash` text NOT NULL, `expires_at` datetime NOT NULL, `attempts` integer NOT NULL DEFAULT (0), `used_at` datetime NULL, PRIMARY KEY (`id`));
-- create index "authcode_code_hash" to table: "auth_codes"
CREATE INDEX `authcode_code_hash` ON `auth_codes` (`code_hash`);
-- create index "authcode_user_id_purpose" to table: "auth_codes"
CREATE INDEX `authcode_user_id_purpose` ON `auth_codes` (`user_id`, `purpose`);
-- create "oauth_identities" table
CREATE TABLE `oauth_identities` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `provider` text NOT NULL, `subject` text NOT NULL, `email` text NOT NULL DEFAULT (''), `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `oauth_identities_users_identities` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- create index "oauthidentity_provider_subject" to table: "oauth_identities"
CREATE UNIQUE INDEX `oauthidentity_provider_subject` ON `oauth_identities` (`provider`, `subject`);
-- create "oauth_states" table
CREATE TABLE `oauth_states` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `state_hash` text NOT NULL, `provider` text NOT NULL, `code_verifier` text NOT NULL, `expires_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- create index "oauthstate_state_hash" to table: "oauth_states"
CREATE UNIQUE INDEX `oauthstate_state_hash` ON `oauth_states` (`state_hash`);
-- create "refresh_tokens" table
CREATE TABLE `refresh_tokens` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `token_hash` text NOT NULL, `expires_at` datetime NOT NULL, `used_at` datetime NULL, `session_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `refresh_tokens_sessions_refresh_tokens` FOREIGN KEY (`session_id`) REFERENCES `sessions` (`id`) ON DELETE NO ACTION);
-- create index "refreshtoken_token_hash" to table: "refresh_tokens"
CREATE UNIQUE INDEX `refreshtoken_token_hash` ON `refresh_tokens` (`token_hash`);
-- create index "refreshtoken_session_id" to table: "refresh_tokens"
CREATE INDEX `refreshtoken_session_id` ON `refresh_tokens` (`session_id`);
-- create "sessions" table
CREATE TABLE `sessions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `organization_id` uuid NULL, `user_agent` text NOT NULL DEFAULT (''), `ip_address` text NOT NULL DEFAULT (''), `last_seen_at` datetime NOT NULL, `revoked_at` datetime NULL, `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `sessions_users_sessions` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- create index "session_user_id" to table: "sessions"
CREATE INDEX `session_user_id` ON `sessions` (`user_id`);
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
