-- reverse: create index "subscriptions_one_current_per_org" to table: "subscriptions"
DROP INDEX "subscriptions_one_current_per_org";
-- reverse: modify "subscriptions" table
ALTER TABLE "subscriptions" DROP COLUMN "is_current";
-- reverse: drop index "subscriptions_one_current_per_org" from table: "subscriptions"
CREATE UNIQUE INDEX "subscriptions_one_current_per_org" ON "subscriptions" ("organization_id") WHERE ((status)::text = ANY (ARRAY[('trialing'::character varying)::text, ('active'::character varying)::text, ('past_due'::character varying)::text, ('unpaid'::character varying)::text]));
