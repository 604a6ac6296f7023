-- drop index "subscriptions_one_current_per_org" from table: "subscriptions"
DROP INDEX "subscriptions_one_current_per_org";
-- modify "subscriptions" table
ALTER TABLE "subscriptions" ADD COLUMN "is_current" boolean NOT NULL DEFAULT false;
-- rows written before the column: current as their status says
UPDATE "subscriptions" SET "is_current" = ("status" IN ('trialing', 'active', 'past_due', 'unpaid'));
-- create index "subscriptions_one_current_per_org" to table: "subscriptions"
CREATE UNIQUE INDEX "subscriptions_one_current_per_org" ON "subscriptions" ("organization_id") WHERE is_current;
