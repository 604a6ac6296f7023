-- reverse: create index "webhookendpoint_project_id_created_at" to table: "webhook_endpoints"
DROP INDEX `webhookendpoint_project_id_created_at`;
-- reverse: create "webhook_endpoints" table
DROP TABLE `webhook_endpoints`;
-- reverse: create index "webhookdelivery_status" to table: "webhook_deliveries"
DROP INDEX `webhookdelivery_status`;
-- reverse: create index "webhookdelivery_endpoint_id_created_at" to table: "webhook_deliveries"
DROP INDEX `webhookdelivery_endpoint_id_created_at`;
-- reverse: create index "webhookdelivery_project_id_created_at" to table: "webhook_deliveries"
DROP INDEX `webhookdelivery_project_id_created_at`;
-- reverse: create "webhook_deliveries" table
DROP TABLE `webhook_deliveries`;
-- reverse: create index "webhookattempt_delivery_id_created_at" to table: "webhook_attempts"
DROP INDEX `webhookattempt_delivery_id_created_at`;
-- reverse: create "webhook_attempts" table
DROP TABLE `webhook_attempts`;
-- reverse: create index "event_project_id_created_at" to table: "events"
DROP INDEX `event_project_id_created_at`;
-- reverse: create "events" table
DROP TABLE `events`;
