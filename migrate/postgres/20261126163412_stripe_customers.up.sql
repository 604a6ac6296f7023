-- create "billing_customers" table
CREATE TABLE "billing_customers" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "organization_id" uuid NOT NULL, "gateway" character varying NOT NULL, "customer_ref" character varying NOT NULL, "payment_method_ref" character varying NOT NULL DEFAULT '', "card_brand" character varying NOT NULL DEFAULT '', "card_last4" character varying NOT NULL DEFAULT '', PRIMARY KEY ("id"));
-- create index "billingcustomer_gateway_customer_ref" to table: "billing_customers"
CREATE UNIQUE INDEX "billingcustomer_gateway_customer_ref" ON "billing_customers" ("gateway", "customer_ref");
-- create index "billingcustomer_organization_id_gateway" to table: "billing_customers"
CREATE UNIQUE INDEX "billingcustomer_organization_id_gateway" ON "billing_customers" ("organization_id", "gateway");
