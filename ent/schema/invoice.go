package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/billing/invoicelifecycle"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Invoice is an organization's bill (package billing): a subscription period's
// invoice, an over-usage invoice paid during a period, or a credit note that
// reverses part or all of a finalized invoice (finalized invoices are never
// edited). Amounts are integer minor units of the currency; each line is
// rounded once and the totals sum the lines. The number is given when the
// invoice is finalized, from a gapless counter (invoice_sequences).
type Invoice struct {
	ent.Schema
}

// Mixin of the Invoice: the organization's billing area, audited.
func (Invoice) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.OrganizationArea("invoice", "invoices", perm.Billing))}
}

// Fields of the Invoice.
func (Invoice) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("organization_id", uuid.UUID{}).Immutable(),
		field.UUID("subscription_id", uuid.UUID{}).Optional().Nillable().Immutable(),
		// Kind is subscription (a period's invoice), over_usage (usage above the
		// included amounts paid before the period ends) or credit_note.
		field.Enum("kind").Values("subscription", "over_usage", "credit_note").Immutable(),
		// Status: draft (priced, no number), finalized (numbered, payable),
		// paid, void, uncollectible.
		field.Enum("status").Values("draft", "finalized", "paid", "void", "uncollectible").Default("draft"),
		// Number is the gapless invoice number, nil until finalized.
		field.String("number").Optional().Nillable().Unique(),
		// PeriodKey makes a subscription period's invoice unique
		// (subscription:period start); nil for the other kinds.
		field.String("period_key").Optional().Nillable().Unique().Immutable(),
		// Currency is the plan's ISO 4217 code.
		field.String("currency").MinLen(3).MaxLen(3).Immutable(),
		field.Time("period_start").Immutable(),
		field.Time("period_end").Immutable(),
		field.Int64("subtotal_minor").Default(0),
		field.Int64("tax_minor").Default(0),
		field.Int64("total_minor").Default(0),
		// AmountPaidMinor sums the succeeded payments (partial payments allowed).
		field.Int64("amount_paid_minor").Default(0),
		field.Time("due_at").Optional().Nillable(),
		field.Time("finalized_at").Optional().Nillable(),
		field.Time("paid_at").Optional().Nillable(),
		field.Time("voided_at").Optional().Nillable(),
		// CreditedInvoiceID is the invoice a credit note reverses.
		field.UUID("credited_invoice_id", uuid.UUID{}).Optional().Nillable().Immutable(),
		// PDFKey is the blob key of the invoice's PDF, empty until rendered.
		field.String("pdf_key").Default(""),
		// PaymentFailedAt is when the last charge of it failed (invoice.payment_failed).
		field.Time("payment_failed_at").Optional().Nillable(),
	}
}

// Edges of the Invoice.
func (Invoice) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("lines", InvoiceLine.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("transactions", Transaction.Type),
	}
}

// Indexes of the Invoice.
func (Invoice) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("organization_id", "created_at"),
		index.Fields("status", "created_at"),
		index.Fields("subscription_id", "period_start"),
	}
}

// Annotations of the Invoice: the GraphQL types are written by hand
// (schema/invoice.graphql).
func (Invoice) Annotations() []schema.Annotation { return billingAnnotations() }

// Hooks of the Invoice: only the invoice lifecycle (package invoicelifecycle)
// sets the status, so no writer can skip or undo a transition.
func (Invoice) Hooks() []ent.Hook {
	return []ent.Hook{invoicelifecycle.Guard()}
}

// billingAnnotations keep the billing records out of the generated GraphQL:
// their types are hand-written.
func billingAnnotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
