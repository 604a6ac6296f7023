-- reverse: create index "session_user_id" to table: "sessions"
DROP INDEX `session_user_id`;
-- reverse: create "sessions" table
DROP TABLE `sessions`;
-- reverse: create index "refreshtoken_session_id" to table: "refresh_tokens"
DROP INDEX `refreshtoken_session_id`;
-- reverse: create index "refreshtoken_token_hash" to table: "refresh_tokens"
DROP INDEX `refreshtoken_token_hash`;
-- reverse: create "refresh_tokens" table
DROP TABLE `refresh_tokens`;
-- reverse: create index "oauthstate_state_hash" to table: "oauth_states"
DROP INDEX `oauthstate_state_hash`;
-- reverse: create "oauth_states" table
DROP TABLE `oauth_states`;
-- reverse: create index "oauthidentity_provider_subject" to table: "oauth_identities"
DROP INDEX `oauthidentity_provider_subject`;
-- reverse: create "oauth_identities" table
DROP TABLE `oauth_identities`;
-- reverse: create index "authcode_user_id_purpose" to table: "auth_codes"
DROP INDEX `authcode_user_id_purpose`;
-- reverse: create index "authcode_code_hash" to table: "auth_codes"
DROP INDEX `authcode_code_hash`;
-- reverse: create "auth_codes" table
DROP TABLE `auth_codes`;
-- reverse: create index "users_email_key" to table: "users"
DROP INDEX `users_email_key`;
-- reverse: create "new_users" table
DROP TABLE `new_users`;
