-- create "billing_customers" table
CREATE TABLE `billing_customers` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `organization_id` uuid NOT NULL, `gateway` text NOT NULL, `customer_ref` text NOT NULL, `payment_method_ref` text NOT NULL DEFAULT (''), `card_brand` text NOT NULL DEFAULT (''), `card_last4` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- create index "billingcustomer_organization_id_gateway" to table: "billing_customers"
CREATE UNIQUE INDEX `billingcustomer_organization_id_gateway` ON `billing_customers` (`organization_id`, `gateway`);
-- create index "billingcustomer_gateway_customer_ref" to table: "billing_customers"
CREATE UNIQUE INDEX `billingcustomer_gateway_customer_ref` ON `billing_customers` (`gateway`, `customer_ref`);
