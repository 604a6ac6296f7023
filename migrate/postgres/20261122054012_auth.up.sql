-- modify "users" table
ALTER TABLE "users" ADD COLUMN "password_hash" character varying NULL, ADD COLUMN "email_verified_at" timestamptz NULL, ADD COLUMN "avatar_url" character varying NOT NULL DEFAULT '';
-- create "auth_codes" table
CREATE TABLE "auth_codes" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "user_id" uuid NOT NULL, "purpose" character varying NOT NULL, "code_hash" character varying NOT NULL, "expires_at" timestamptz NOT NULL, "attempts" bigint NOT NULL DEFAULT 0, "used_at" timestamptz NULL, PRIMARY KEY ("id"));
-- create index "authcode_code_hash" to table: "auth_codes"
CREATE INDEX "authcode_code_hash" ON "auth_codes" ("code_hash");
-- create index "authcode_user_id_purpose" to table: "auth_codes"
CREATE INDEX "authcode_user_id_purpose" ON "auth_codes" ("user_id", "purpose");
-- create "oauth_states" table
CREATE TABLE "oauth_states" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "state_hash" character varying NOT NULL, "provider" character varying NOT NULL, "code_verifier" character varying NOT NULL, "expires_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- create index "oauthstate_state_hash" to table: "oauth_states"
CREATE UNIQUE INDEX "oauthstate_state_hash" ON "oauth_states" ("state_hash");
-- create "oauth_identities" table
CREATE TABLE "oauth_identities" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "provider" character varying NOT NULL, "subject" character varying NOT NULL, "email" character varying NOT NULL DEFAULT '', "user_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "oauth_identities_users_identities" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "oauthidentity_provider_subject" to table: "oauth_identities"
CREATE UNIQUE INDEX "oauthidentity_provider_subject" ON "oauth_identities" ("provider", "subject");
-- create "sessions" table
CREATE TABLE "sessions" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "organization_id" uuid NULL, "user_agent" character varying NOT NULL DEFAULT '', "ip_address" character varying NOT NULL DEFAULT '', "last_seen_at" timestamptz NOT NULL, "revoked_at" timestamptz NULL, "user_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "sessions_users_sessions" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "session_user_id" to table: "sessions"
CREATE INDEX "session_user_id" ON "sessions" ("user_id");
-- create "refresh_tokens" table
CREATE TABLE "refresh_tokens" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "token_hash" character varying NOT NULL, "expires_at" timestamptz NOT NULL, "used_at" timestamptz NULL, "session_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "refresh_tokens_sessions_refresh_tokens" FOREIGN KEY ("session_id") REFERENCES "sessions" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "refreshtoken_session_id" to table: "refresh_tokens"
CREATE INDEX "refreshtoken_session_id" ON "refresh_tokens" ("session_id");
-- create index "refreshtoken_token_hash" to table: "refresh_tokens"
CREATE UNIQUE INDEX "refreshtoken_token_hash" ON "refresh_tokens" ("token_hash");
