package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// InvoiceLine is one priced line of an invoice: a metric's usage, the plan's
// fee, or a credit. Its amount is rounded once, in minor units.
type InvoiceLine struct {
	ent.Schema
}

// Mixin of the InvoiceLine: the billing area, written with its invoice (whose
// audit record covers it), so not audited on its own.
func (InvoiceLine) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenantMixin{rule: tenancy.OrganizationArea("invoice line", "invoice_lines", perm.Billing)}}
}

// Fields of the InvoiceLine.
func (InvoiceLine) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("organization_id", uuid.UUID{}).Immutable(),
		field.UUID("invoice_id", uuid.UUID{}).Immutable(),
		// Position orders the lines of an invoice.
		field.Int("position").Default(0).Immutable(),
		// Metric is the priced metric; empty for a fee or a credit.
		field.String("metric").Default("").Immutable(),
		field.String("description").Immutable(),
		// Quantity is the units billed (above the included amount for a metric).
		field.Int64("quantity").Default(0).Immutable(),
		// UnitPriceMicro is the price per unit in millionths of a minor unit
		// (the effective average for tiered models).
		field.Int64("unit_price_micro").Default(0).Immutable(),
		// AmountMinor is the line's amount, rounded once (half up).
		field.Int64("amount_minor").Immutable(),
	}
}

// Edges of the InvoiceLine.
func (InvoiceLine) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("invoice", Invoice.Type).Ref("lines").Field("invoice_id").Unique().Required().Immutable(),
	}
}

// Indexes of the InvoiceLine: an invoice's lines in order.
func (InvoiceLine) Indexes() []ent.Index {
	return []ent.Index{index.Fields("invoice_id", "position")}
}

// Annotations of the InvoiceLine.
func (InvoiceLine) Annotations() []schema.Annotation { return billingAnnotations() }
