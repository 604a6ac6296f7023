-- create "gateway_events" table
CREATE TABLE `gateway_events` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `gateway` text NOT NULL, `event_id` text NOT NULL, `type` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- create index "gatewayevent_gateway_event_id" to table: "gateway_events"
CREATE UNIQUE INDEX `gatewayevent_gateway_event_id` ON `gateway_events` (`gateway`, `event_id`);
-- create index "gatewayevent_created_at" to table: "gateway_events"
CREATE INDEX `gatewayevent_created_at` ON `gateway_events` (`created_at`);
-- create "invoices" table
CREATE TABLE `invoices` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `organization_id` uuid NOT NULL, `subscription_id` uuid NULL, `kind` text NOT NULL, `status` text NOT NULL DEFAULT ('draft'), `number` text NULL, `period_key` text NULL, `currency` text NOT NULL, `period_start` datetime NOT NULL, `period_end` datetime NOT NULL, `subtotal_minor` integer NOT NULL DEFAULT (0), `tax_minor` integer NOT NULL DEFAULT (0), `total_minor` integer NOT NULL DEFAULT (0), `amount_paid_minor` integer NOT NULL DEFAULT (0), `due_at` datetime NULL, `finalized_at` datetime NULL, `paid_at` datetime NULL, `voided_at` datetime NULL, `credited_invoice_id` uuid NULL, `pdf_key` text NOT NULL DEFAULT (''), `payment_failed_at` datetime NULL, PRIMARY KEY (`id`));
-- create index "invoices_number_key" to table: "invoices"
CREATE UNIQUE INDEX `invoices_number_key` ON `invoices` (`number`);
-- create index "invoices_period_key_key" to table: "invoices"
CREATE UNIQUE INDEX `invoices_period_key_key` ON `invoices` (`period_key`);
-- create index "invoice_organization_id_created_at" to table: "invoices"
CREATE INDEX `invoice_organization_id_created_at` ON `invoices` (`organization_id`, `created_at`);
-- create index "invoice_status_created_at" to table: "invoices"
CREATE INDEX `invoice_status_created_at` ON `invoices` (`status`, `created_at`);
-- create index "invoice_subscription_id_period_start" to table: "invoices"
CREATE INDEX `invoice_subscription_id_period_start` ON `invoices` (`subscription_id`, `period_start`);
-- create "invoice_lines" table
CREATE TABLE `invoice_lines` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `organization_id` uuid NOT NULL, `position` integer NOT NULL DEFAULT (0), `metric` text NOT NULL DEFAULT (''), `description` text NOT NULL, `quantity` integer NOT NULL DEFAULT (0), `unit_price_micro` integer NOT NULL DEFAULT (0), `amount_minor` integer NOT NULL, `invoice_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `invoice_lines_invoices_lines` FOREIGN KEY (`invoice_id`) REFERENCES `invoices` (`id`) ON DELETE CASCADE);
-- create index "invoiceline_invoice_id_position" to table: "invoice_lines"
CREATE INDEX `invoiceline_invoice_id_position` ON `invoice_lines` (`invoice_id`, `position`);
-- create "invoice_sequences" table
CREATE TABLE `invoice_sequences` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `name` text NOT NULL, `next` integer NOT NULL DEFAULT (1), PRIMARY KEY (`id`));
-- create index "invoice_sequences_name_key" to table: "invoice_sequences"
CREATE UNIQUE INDEX `invoice_sequences_name_key` ON `invoice_sequences` (`name`);
-- create "transactions" table
CREATE TABLE `transactions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `organization_id` uuid NOT NULL, `gateway` text NOT NULL, `amount_minor` integer NOT NULL, `currency` text NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `idempotency_key` text NOT NULL, `gateway_ref` text NULL, `error` text NOT NULL DEFAULT (''), `recorded_by` uuid NULL, `settled_at` datetime NULL, `invoice_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `transactions_invoices_transactions` FOREIGN KEY (`invoice_id`) REFERENCES `invoices` (`id`) ON DELETE NO ACTION);
-- create index "transactions_idempotency_key_key" to table: "transactions"
CREATE UNIQUE INDEX `transactions_idempotency_key_key` ON `transactions` (`idempotency_key`);
-- create index "transactions_gateway_ref_key" to table: "transactions"
CREATE UNIQUE INDEX `transactions_gateway_ref_key` ON `transactions` (`gateway_ref`);
-- create index "transaction_organization_id_created_at" to table: "transactions"
CREATE INDEX `transaction_organization_id_created_at` ON `transactions` (`organization_id`, `created_at`);
-- create index "transaction_status_created_at" to table: "transactions"
CREATE INDEX `transaction_status_created_at` ON `transactions` (`status`, `created_at`);
-- create index "transaction_invoice_id" to table: "transactions"
CREATE INDEX `transaction_invoice_id` ON `transactions` (`invoice_id`);
