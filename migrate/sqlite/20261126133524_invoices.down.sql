-- reverse: create index "transaction_invoice_id" to table: "transactions"
DROP INDEX `transaction_invoice_id`;
-- reverse: create index "transaction_status_created_at" to table: "transactions"
DROP INDEX `transaction_status_created_at`;
-- reverse: create index "transaction_organization_id_created_at" to table: "transactions"
DROP INDEX `transaction_organization_id_created_at`;
-- reverse: create index "transactions_gateway_ref_key" to table: "transactions"
DROP INDEX `transactions_gateway_ref_key`;
-- reverse: create index "transactions_idempotency_key_key" to table: "transactions"
DROP INDEX `transactions_idempotency_key_key`;
-- reverse: create "transactions" table
DROP TABLE `transactions`;
-- reverse: create index "invoice_sequences_name_key" to table: "invoice_sequences"
DROP INDEX `invoice_sequences_name_key`;
-- reverse: create "invoice_sequences" table
DROP TABLE `invoice_sequences`;
-- reverse: create index "invoiceline_invoice_id_position" to table: "invoice_lines"
DROP INDEX `invoiceline_invoice_id_position`;
-- reverse: create "invoice_lines" table
DROP TABLE `invoice_lines`;
-- reverse: create index "invoice_subscription_id_period_start" to table: "invoices"
DROP INDEX `invoice_subscription_id_period_start`;
-- reverse: create index "invoice_status_created_at" to table: "invoices"
DROP INDEX `invoice_status_created_at`;
-- reverse: create index "invoice_organization_id_created_at" to table: "invoices"
DROP INDEX `invoice_organization_id_created_at`;
-- reverse: create index "invoices_period_key_key" to table: "invoices"
DROP INDEX `invoices_period_key_key`;
-- reverse: create index "invoices_number_key" to table: "invoices"
DROP INDEX `invoices_number_key`;
-- reverse: create "invoices" table
DROP TABLE `invoices`;
-- reverse: create index "gatewayevent_created_at" to table: "gateway_events"
DROP INDEX `gatewayevent_created_at`;
-- reverse: create index "gatewayevent_gateway_event_id" to table: "gateway_events"
DROP INDEX `gatewayevent_gateway_event_id`;
-- reverse: create "gateway_events" table
DROP TABLE `gateway_events`;
