-- create "gateway_events" table
CREATE TABLE "gateway_events" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "gateway" character varying NOT NULL, "event_id" character varying NOT NULL, "type" character varying NOT NULL DEFAULT '', PRIMARY KEY ("id"));
-- create index "gatewayevent_created_at" to table: "gateway_events"
CREATE INDEX "gatewayevent_created_at" ON "gateway_events" ("created_at");
-- create index "gatewayevent_gateway_event_id" to table: "gateway_events"
CREATE UNIQUE INDEX "gatewayevent_gateway_event_id" ON "gateway_events" ("gateway", "event_id");
-- create "invoices" table
CREATE TABLE "invoices" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "organization_id" uuid NOT NULL, "subscription_id" uuid NULL, "kind" character varying NOT NULL, "status" character varying NOT NULL DEFAULT 'draft', "number" character varying NULL, "period_key" character varying NULL, "currency" character varying NOT NULL, "period_start" timestamptz NOT NULL, "period_end" timestamptz NOT NULL, "subtotal_minor" bigint NOT NULL DEFAULT 0, "tax_minor" bigint NOT NULL DEFAULT 0, "total_minor" bigint NOT NULL DEFAULT 0, "amount_paid_minor" bigint NOT NULL DEFAULT 0, "due_at" timestamptz NULL, "finalized_at" timestamptz NULL, "paid_at" timestamptz NULL, "voided_at" timestamptz NULL, "credited_invoice_id" uuid NULL, "pdf_key" character varying NOT NULL DEFAULT '', "payment_failed_at" timestamptz NULL, PRIMARY KEY ("id"));
-- create index "invoice_organization_id_created_at" to table: "invoices"
CREATE INDEX "invoice_organization_id_created_at" ON "invoices" ("organization_id", "created_at");
-- create index "invoice_status_created_at" to table: "invoices"
CREATE INDEX "invoice_status_created_at" ON "invoices" ("status", "created_at");
-- create index "invoice_subscription_id_period_start" to table: "invoices"
CREATE INDEX "invoice_subscription_id_period_start" ON "invoices" ("subscription_id", "period_start");
-- create index "invoices_number_key" to table: "invoices"
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" ("number");
-- create index "invoices_period_key_key" to table: "invoices"
CREATE UNIQUE INDEX "invoices_period_key_key" ON "invoices" ("period_key");
-- create "invoice_sequences" table
CREATE TABLE "invoice_sequences" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, "next" bigint NOT NULL DEFAULT 1, PRIMARY KEY ("id"));
-- create index "invoice_sequences_name_key" to table: "invoice_sequences"
CREATE UNIQUE INDEX "invoice_sequences_name_key" ON "invoice_sequences" ("name");
-- create "invoice_lines" table
CREATE TABLE "invoice_lines" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "organization_id" uuid NOT NULL, "position" bigint NOT NULL DEFAULT 0, "metric" character varying NOT NULL DEFAULT '', "description" character varying NOT NULL, "quantity" bigint NOT NULL DEFAULT 0, "unit_price_micro" bigint NOT NULL DEFAULT 0, "amount_minor" bigint NOT NULL, "invoice_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "invoice_lines_invoices_lines" FOREIGN KEY ("invoice_id") REFERENCES "invoices" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "invoiceline_invoice_id_position" to table: "invoice_lines"
CREATE INDEX "invoiceline_invoice_id_position" ON "invoice_lines" ("invoice_id", "position");
-- create "transactions" table
CREATE TABLE "transactions" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "organization_id" uuid NOT NULL, "gateway" character varying NOT NULL, "amount_minor" bigint NOT NULL, "currency" character varying NOT NULL, "status" character varying NOT NULL DEFAULT 'pending', "idempotency_key" character varying NOT NULL, "gateway_ref" character varying NULL, "error" character varying NOT NULL DEFAULT '', "recorded_by" uuid NULL, "settled_at" timestamptz NULL, "invoice_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "transactions_invoices_transactions" FOREIGN KEY ("invoice_id") REFERENCES "invoices" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- create index "transaction_invoice_id" to table: "transactions"
CREATE INDEX "transaction_invoice_id" ON "transactions" ("invoice_id");
-- create index "transaction_organization_id_created_at" to table: "transactions"
CREATE INDEX "transaction_organization_id_created_at" ON "transactions" ("organization_id", "created_at");
-- create index "transaction_status_created_at" to table: "transactions"
CREATE INDEX "transaction_status_created_at" ON "transactions" ("status", "created_at");
-- create index "transactions_gateway_ref_key" to table: "transactions"
CREATE UNIQUE INDEX "transactions_gateway_ref_key" ON "transactions" ("gateway_ref");
-- create index "transactions_idempotency_key_key" to table: "transactions"
CREATE UNIQUE INDEX "transactions_idempotency_key_key" ON "transactions" ("idempotency_key");
