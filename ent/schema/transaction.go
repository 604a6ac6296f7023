package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/billing/paymentlifecycle"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Transaction is one movement of money for an invoice through a gateway:
// a manual payment recorded by an admin, or a gateway charge. Its row, with
// the idempotency key, is committed before a gateway is called, so a retry
// reuses the key and never charges twice.
type Transaction struct {
	ent.Schema
}

// Mixin of the Transaction: the organization's billing area, audited.
func (Transaction) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.OrganizationArea("transaction", "transactions", perm.Billing))}
}

// Fields of the Transaction.
func (Transaction) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("organization_id", uuid.UUID{}).Immutable(),
		field.UUID("invoice_id", uuid.UUID{}).Immutable(),
		field.Enum("gateway").Values("manual", "stripe").Immutable(),
		field.Int64("amount_minor").Positive().Immutable(),
		field.String("currency").MinLen(3).MaxLen(3).Immutable(),
		field.Enum("status").Values("pending", "succeeded", "failed").Default("pending"),
		// IdempotencyKey is chosen before the gateway is called and sent with the
		// call; for a manual payment it is the payment's reference.
		field.String("idempotency_key").NotEmpty().MaxLen(255).Unique().Immutable(),
		// GatewayRef is the gateway's id of the payment (PaymentIntent, bank reference).
		field.String("gateway_ref").Optional().Nillable().Unique(),
		// Error is the gateway's reason of a failure.
		field.String("error").Default(""),
		// RecordedBy is the admin or user who recorded it; nil for the server.
		field.UUID("recorded_by", uuid.UUID{}).Optional().Nillable().Immutable(),
		field.Time("settled_at").Optional().Nillable(),
	}
}

// Edges of the Transaction.
func (Transaction) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("invoice", Invoice.Type).Ref("transactions").Field("invoice_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Transaction.
func (Transaction) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("organization_id", "created_at"),
		index.Fields("status", "created_at"),
		index.Edges("invoice"),
	}
}

// Annotations of the Transaction.
func (Transaction) Annotations() []schema.Annotation { return billingAnnotations() }

// Hooks of the Transaction: only the payment lifecycle (package
// paymentlifecycle) sets the status, so no writer can skip or undo a
// transition.
func (Transaction) Hooks() []ent.Hook {
	return []ent.Hook{paymentlifecycle.Guard()}
}
