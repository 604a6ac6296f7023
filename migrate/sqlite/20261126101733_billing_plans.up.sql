-- create "plans" table
CREATE TABLE `plans` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `code` text NOT NULL, `name` text NOT NULL, `description` text NOT NULL DEFAULT (''), `family` text NOT NULL, `visibility` text NOT NULL DEFAULT ('public'), `rank` integer NOT NULL DEFAULT (0), `interval` text NOT NULL DEFAULT ('monthly'), `currency` text NOT NULL, `base_amount_minor` integer NOT NULL DEFAULT (0), `pay_in_advance` bool NOT NULL DEFAULT (true), `trial_days` integer NOT NULL DEFAULT (0), `grace_period_days` integer NOT NULL DEFAULT (0), `tax_code` text NOT NULL DEFAULT (''), `archived_at` datetime NULL, PRIMARY KEY (`id`));
-- create index "plans_code_key" to table: "plans"
CREATE UNIQUE INDEX `plans_code_key` ON `plans` (`code`);
-- create index "plan_rank_code" to table: "plans"
CREATE INDEX `plan_rank_code` ON `plans` (`rank`, `code`);
-- create "plan_metrics" table
CREATE TABLE `plan_metrics` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `metric` text NOT NULL, `included` integer NOT NULL DEFAULT (0), `hard_limit` integer NULL, `model` text NOT NULL DEFAULT ('standard'), `unit_price_micro` integer NOT NULL DEFAULT (0), `package_size` integer NOT NULL DEFAULT (0), `tiers` json NULL, `plan_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `plan_metrics_plans_metrics` FOREIGN KEY (`plan_id`) REFERENCES `plans` (`id`) ON DELETE CASCADE);
-- create index "planmetric_plan_id_metric" to table: "plan_metrics"
CREATE UNIQUE INDEX `planmetric_plan_id_metric` ON `plan_metrics` (`plan_id`, `metric`);
-- create "subscriptions" table
CREATE TABLE `subscriptions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `organization_id` uuid NOT NULL, `subscribe_by` uuid NULL, `payment_method` text NOT NULL DEFAULT (''), `payment_gateway` text NOT NULL DEFAULT (''), `billing_time` text NOT NULL DEFAULT ('calendar'), `name` text NOT NULL, `plan_code` text NOT NULL, `status` text NOT NULL DEFAULT (''), `started_at` datetime NULL, `ending_at` datetime NULL, `subscription_at` datetime NULL, `canceled_at` datetime NULL, `terminated_at` datetime NULL, `downgrade_plan_date` datetime NULL, `trial_ended_at` datetime NULL, `previous_plan_code` text NOT NULL DEFAULT (''), `next_plan_code` text NOT NULL DEFAULT (''), `plan` text NOT NULL DEFAULT (''), `tax` text NOT NULL DEFAULT (''), `grace_period` integer NOT NULL DEFAULT (0), `trial_ends_at` datetime NULL, `trial_family` text NULL, `current_period_start` datetime NULL, `current_period_end` datetime NULL, `past_due_at` datetime NULL, `unpaid_at` datetime NULL, `gateway_customer_ref` text NOT NULL DEFAULT (''), `usage_alerts` json NULL, `previous_subscription_id` uuid NULL, `plan_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `subscriptions_plans_subscriptions` FOREIGN KEY (`plan_id`) REFERENCES `plans` (`id`) ON DELETE NO ACTION);
-- create index "subscription_organization_id_created_at" to table: "subscriptions"
CREATE INDEX `subscription_organization_id_created_at` ON `subscriptions` (`organization_id`, `created_at`);
-- create index "subscription_status_current_period_end" to table: "subscriptions"
CREATE INDEX `subscription_status_current_period_end` ON `subscriptions` (`status`, `current_period_end`);
-- create index "subscriptions_one_trial_per_family" to table: "subscriptions"
CREATE UNIQUE INDEX `subscriptions_one_trial_per_family` ON `subscriptions` (`organization_id`, `trial_family`);
-- create index "subscriptions_one_current_per_org" to table: "subscriptions"
CREATE UNIQUE INDEX `subscriptions_one_current_per_org` ON `subscriptions` (`organization_id`) WHERE status IN ('trialing', 'active', 'past_due', 'unpaid');
