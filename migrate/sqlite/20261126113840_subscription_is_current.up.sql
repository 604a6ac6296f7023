-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- create "new_subscriptions" table
CREATE TABLE `new_subscriptions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `organization_id` uuid NOT NULL, `subscribe_by` uuid NULL, `payment_method` text NOT NULL DEFAULT (''), `payment_gateway` text NOT NULL DEFAULT (''), `billing_time` text NOT NULL DEFAULT ('calendar'), `name` text NOT NULL, `plan_code` text NOT NULL, `status` text NOT NULL DEFAULT (''), `is_current` bool NOT NULL DEFAULT (false), `started_at` datetime NULL, `ending_at` datetime NULL, `subscription_at` datetime NULL, `canceled_at` datetime NULL, `terminated_at` datetime NULL, `downgrade_plan_date` datetime NULL, `trial_ended_at` datetime NULL, `previous_plan_code` text NOT NULL DEFAULT (''), `next_plan_code` text NOT NULL DEFAULT (''), `plan` text NOT NULL DEFAULT (''), `tax` text NOT NULL DEFAULT (''), `grace_period` integer NOT NULL DEFAULT (0), `trial_ends_at` datetime NULL, `trial_family` text NULL, `current_period_start` datetime NULL, `current_period_end` datetime NULL, `past_due_at` datetime NULL, `unpaid_at` datetime NULL, `gateway_customer_ref` text NOT NULL DEFAULT (''), `usage_alerts` json NULL, `previous_subscription_id` uuid NULL, `plan_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `subscriptions_plans_subscriptions` FOREIGN KEY (`plan_id`) REFERENCES `plans` (`id`) ON DELETE NO ACTION);
-- copy rows from old table "subscriptions" to new temporary table "new_subscriptions"
INSERT INTO `new_subscriptions` (`id`, `created_at`, `updated_at`, `organization_id`, `subscribe_by`, `payment_method`, `payment_gateway`, `billing_time`, `name`, `plan_code`, `status`, `started_at`, `ending_at`, `subscription_at`, `canceled_at`, `terminated_at`, `downgrade_plan_date`, `trial_ended_at`, `previous_plan_code`, `next_plan_code`, `plan`, `tax`, `grace_period`, `trial_ends_at`, `trial_family`, `current_period_start`, `current_period_end`, `past_due_at`, `unpaid_at`, `gateway_customer_ref`, `usage_alerts`, `previous_subscription_id`, `plan_id`) SELECT `id`, `created_at`, `updated_at`, `organization_id`, `subscribe_by`, `payment_method`, `payment_gateway`, `billing_time`, `name`, `plan_code`, `status`, `started_at`, `ending_at`, `subscription_at`, `canceled_at`, `terminated_at`, `downgrade_plan_date`, `trial_ended_at`, `previous_plan_code`, `next_plan_code`, `plan`, `tax`, `grace_period`, `trial_ends_at`, `trial_family`, `current_period_start`, `current_period_end`, `past_due_at`, `unpaid_at`, `gateway_customer_ref`, `usage_alerts`, `previous_subscription_id`, `plan_id` FROM `subscriptions`;
-- drop "subscriptions" table after copying rows
DROP TABLE `subscriptions`;
-- rename temporary table "new_subscriptions" to "subscriptions"
ALTER TABLE `new_subscriptions` RENAME TO `subscriptions`;
-- rows written before the column: current as their status says
UPDATE `subscriptions` SET `is_current` = (`status` IN ('trialing', 'active', 'past_due', 'unpaid'));
-- create index "subscription_organization_id_created_at" to table: "subscriptions"
CREATE INDEX `subscription_organization_id_created_at` ON `subscriptions` (`organization_id`, `created_at`);
-- create index "subscription_status_current_period_end" to table: "subscriptions"
CREATE INDEX `subscription_status_current_period_end` ON `subscriptions` (`status`, `current_period_end`);
-- create index "subscriptions_one_trial_per_family" to table: "subscriptions"
CREATE UNIQUE INDEX `subscriptions_one_trial_per_family` ON `subscriptions` (`organization_id`, `trial_family`);
-- create index "subscriptions_one_current_per_org" to table: "subscriptions"
CREATE UNIQUE INDEX `subscriptions_one_current_per_org` ON `subscriptions` (`organization_id`) WHERE is_current;
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
