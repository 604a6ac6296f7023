-- reverse: create index "billingcustomer_organization_id_gateway" to table: "billing_customers"
DROP INDEX "billingcustomer_organization_id_gateway";
-- reverse: create index "billingcustomer_gateway_customer_ref" to table: "billing_customers"
DROP INDEX "billingcustomer_gateway_customer_ref";
-- reverse: create "billing_customers" table
DROP TABLE "billing_customers";
