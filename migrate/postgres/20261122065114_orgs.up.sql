-- modify "memberships" table
ALTER TABLE "memberships" ADD COLUMN "grants" jsonb NULL;
-- create "api_keys" table
CREATE TABLE "api_keys" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "created_by" uuid NOT NULL, "name" character varying NOT NULL, "origin" character varying NOT NULL, "prefix" character varying NOT NULL, "last4" character varying NOT NULL, "secret_hash" character varying NOT NULL, "grants" jsonb NOT NULL, "expires_at" timestamptz NOT NULL, "last_used_at" timestamptz NULL, "organization_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "api_keys_organizations_api_keys" FOREIGN KEY ("organization_id") REFERENCES "organizations" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "api_keys_secret_hash_key" to table: "api_keys"
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys" ("secret_hash");
-- create index "apikey_organization_id_created_at" to table: "api_keys"
CREATE INDEX "apikey_organization_id_created_at" ON "api_keys" ("organization_id", "created_at");
-- create "audit_logs" table
CREATE TABLE "audit_logs" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "actor_type" character varying NOT NULL, "actor_id" uuid NULL, "action" character varying NOT NULL, "entity_type" character varying NOT NULL DEFAULT '', "entity_id" uuid NULL, "operation" character varying NOT NULL DEFAULT '', "address" character varying NOT NULL DEFAULT '', "user_agent" character varying NOT NULL DEFAULT '', "changes" jsonb NULL, "organization_id" uuid NULL, PRIMARY KEY ("id"), CONSTRAINT "audit_logs_organizations_audit_logs" FOREIGN KEY ("organization_id") REFERENCES "organizations" ("id") ON UPDATE NO ACTION ON DELETE SET NULL);
-- create index "auditlog_organization_id_actor_id" to table: "audit_logs"
CREATE INDEX "auditlog_organization_id_actor_id" ON "audit_logs" ("organization_id", "actor_id");
-- create index "auditlog_organization_id_created_at" to table: "audit_logs"
CREATE INDEX "auditlog_organization_id_created_at" ON "audit_logs" ("organization_id", "created_at");
-- create index "auditlog_organization_id_entity_id" to table: "audit_logs"
CREATE INDEX "auditlog_organization_id_entity_id" ON "audit_logs" ("organization_id", "entity_id");
-- create "invitations" table
CREATE TABLE "invitations" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "email" character varying NOT NULL, "role" character varying NOT NULL DEFAULT 'member', "grants" jsonb NOT NULL, "invited_by" uuid NOT NULL, "token_hash" character varying NOT NULL, "status" character varying NOT NULL DEFAULT 'pending', "open" boolean NULL DEFAULT true, "expires_at" timestamptz NOT NULL, "responded_at" timestamptz NULL, "organization_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "invitations_organizations_invitations" FOREIGN KEY ("organization_id") REFERENCES "organizations" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "invitation_email" to table: "invitations"
CREATE INDEX "invitation_email" ON "invitations" ("email");
-- create index "invitation_one_pending" to table: "invitations"
CREATE UNIQUE INDEX "invitation_one_pending" ON "invitations" ("organization_id", "email", "open");
-- create index "invitations_token_hash_key" to table: "invitations"
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" ("token_hash");
