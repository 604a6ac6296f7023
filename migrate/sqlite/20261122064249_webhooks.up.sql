-- create "events" table
CREATE TABLE `events` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `type` text NOT NULL, `data` json NOT NULL, PRIMARY KEY (`id`));
-- create index "event_project_id_created_at" to table: "events"
CREATE INDEX `event_project_id_created_at` ON `events` (`project_id`, `created_at`);
-- create "webhook_attempts" table
CREATE TABLE `webhook_attempts` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `status_code` integer NOT NULL DEFAULT (0), `duration_ms` integer NOT NULL DEFAULT (0), `response_body` text NOT NULL DEFAULT (''), `error` text NOT NULL DEFAULT (''), `succeeded` bool NOT NULL DEFAULT (false), `delivery_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_attempts_webhook_deliveries_attempt_log` FOREIGN KEY (`delivery_id`) REFERENCES `webhook_deliveries` (`id`) ON DELETE CASCADE);
-- create index "webhookattempt_delivery_id_created_at" to table: "webhook_attempts"
CREATE INDEX `webhookattempt_delivery_id_created_at` ON `webhook_attempts` (`delivery_id`, `created_at`);
-- create "webhook_deliveries" table
CREATE TABLE `webhook_deliveries` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `event_type` text NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `attempts` integer NOT NULL DEFAULT (0), `last_status_code` integer NOT NULL DEFAULT (0), `completed_at` datetime NULL, `event_id` uuid NOT NULL, `endpoint_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_deliveries_events_deliveries` FOREIGN KEY (`event_id`) REFERENCES `events` (`id`) ON DELETE CASCADE, CONSTRAINT `webhook_deliveries_webhook_endpoints_deliveries` FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints` (`id`) ON DELETE CASCADE);
-- create index "webhookdelivery_project_id_created_at" to table: "webhook_deliveries"
CREATE INDEX `webhookdelivery_project_id_created_at` ON `webhook_deliveries` (`project_id`, `created_at`);
-- create index "webhookdelivery_endpoint_id_created_at" to table: "webhook_deliveries"
CREATE INDEX `webhookdelivery_endpoint_id_created_at` ON `webhook_deliveries` (`endpoint_id`, `created_at`);
-- create index "webhookdelivery_status" to table: "webhook_deliveries"
CREATE INDEX `webhookdelivery_status` ON `webhook_deliveries` (`status`);
-- create "webhook_endpoints" table
CREATE TABLE `webhook_endpoints` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `project_id` uuid NOT NULL, `url` text NOT NULL, `description` text NOT NULL DEFAULT (''), `event_types` json NOT NULL, `enabled` bool NOT NULL DEFAULT (true), `secret` text NOT NULL, `previous_secret` text NOT NULL DEFAULT (''), `previous_secret_expires_at` datetime NULL, `failing_since` datetime NULL, `disabled_reason` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- create index "webhookendpoint_project_id_created_at" to table: "webhook_endpoints"
CREATE INDEX `webhookendpoint_project_id_created_at` ON `webhook_endpoints` (`project_id`, `created_at`);
