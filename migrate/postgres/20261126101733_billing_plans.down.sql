-- reverse: create index "subscriptions_one_trial_per_family" to table: "subscriptions"
DROP INDEX "subscriptions_one_trial_per_family";
-- reverse: create index "subscriptions_one_current_per_org" to table: "subscriptions"
DROP INDEX "subscriptions_one_current_per_org";
-- reverse: create index "subscription_status_current_period_end" to table: "subscriptions"
DROP INDEX "subscription_status_current_period_end";
-- reverse: create index "subscription_organization_id_created_at" to table: "subscriptions"
DROP INDEX "subscription_organization_id_created_at";
-- reverse: create "subscriptions" table
DROP TABLE "subscriptions";
-- reverse: create index "planmetric_plan_id_metric" to table: "plan_metrics"
DROP INDEX "planmetric_plan_id_metric";
-- reverse: create "plan_metrics" table
DROP TABLE "plan_metrics";
-- reverse: create index "plans_code_key" to table: "plans"
DROP INDEX "plans_code_key";
-- reverse: create index "plan_rank_code" to table: "plans"
DROP INDEX "plan_rank_code";
-- reverse: create "plans" table
DROP TABLE "plans";
