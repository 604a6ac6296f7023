package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// BillingCustomer is an organization's customer at a card payment gateway
// (Stripe): created once, on the first checkout, and the payment method saved
// by a completed checkout, which off-session charges use.
type BillingCustomer struct {
	ent.Schema
}

// Mixin of the BillingCustomer: the organization's billing area, audited.
func (BillingCustomer) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.OrganizationArea("billing customer", "billing customers", perm.Billing))}
}

// Fields of the BillingCustomer.
func (BillingCustomer) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("organization_id", uuid.UUID{}).Immutable(),
		field.Enum("gateway").Values("stripe").Immutable(),
		// CustomerRef is the gateway's customer id (Stripe cus_...).
		field.String("customer_ref").NotEmpty().MaxLen(255).Immutable(),
		// PaymentMethodRef is the default payment method (Stripe pm_...) saved by
		// a completed checkout; empty until then.
		field.String("payment_method_ref").Default("").MaxLen(255),
		// CardBrand and CardLast4 describe the saved card for the organization.
		field.String("card_brand").Default("").MaxLen(32),
		field.String("card_last4").Default("").MaxLen(4),
	}
}

// Indexes of the BillingCustomer: one customer per organization and gateway,
// and a gateway customer belongs to one organization.
func (BillingCustomer) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("organization_id", "gateway").Unique(),
		index.Fields("gateway", "customer_ref").Unique(),
	}
}

// Annotations of the BillingCustomer.
func (BillingCustomer) Annotations() []schema.Annotation { return billingAnnotations() }
