-- reverse: create index "invitations_token_hash_key" to table: "invitations"
DROP INDEX "invitations_token_hash_key";
-- reverse: create index "invitation_one_pending" to table: "invitations"
DROP INDEX "invitation_one_pending";
-- reverse: create index "invitation_email" to table: "invitations"
DROP INDEX "invitation_email";
-- reverse: create "invitations" table
DROP TABLE "invitations";
-- reverse: create index "auditlog_organization_id_entity_id" to table: "audit_logs"
DROP INDEX "auditlog_organization_id_entity_id";
-- reverse: create index "auditlog_organization_id_created_at" to table: "audit_logs"
DROP INDEX "auditlog_organization_id_created_at";
-- reverse: create index "auditlog_organization_id_actor_id" to table: "audit_logs"
DROP INDEX "auditlog_organization_id_actor_id";
-- reverse: create "audit_logs" table
DROP TABLE "audit_logs";
-- reverse: create index "apikey_organization_id_created_at" to table: "api_keys"
DROP INDEX "apikey_organization_id_created_at";
-- reverse: create index "api_keys_secret_hash_key" to table: "api_keys"
DROP INDEX "api_keys_secret_hash_key";
-- reverse: create "api_keys" table
DROP TABLE "api_keys";
-- reverse: modify "memberships" table
ALTER TABLE "memberships" DROP COLUMN "grants";
