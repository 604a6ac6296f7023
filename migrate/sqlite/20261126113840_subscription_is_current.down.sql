-- reverse: create index "subscriptions_one_current_per_org" to table: "subscriptions"
DROP INDEX `subscriptions_one_current_per_org`;
-- reverse: create index "subscriptions_one_trial_per_family" to table: "subscriptions"
DROP INDEX `subscriptions_one_trial_per_family`;
-- reverse: create index "subscription_status_current_period_end" to table: "subscriptions"
DROP INDEX `subscription_status_current_period_end`;
-- reverse: create index "subscription_organization_id_created_at" to table: "subscriptions"
DROP INDEX `subscription_organization_id_created_at`;
-- reverse: create "new_subscriptions" table
DROP TABLE `new_subscriptions`;
