package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"

	"github.com/vidra-dev/vidra/internal/tenancy"
)

// InvoiceSequence is a gapless counter of invoice numbers: the row is updated
// (next = next + n) in the transaction that finalizes the invoices numbered
// from it, so a rolled-back finalization gives its numbers back (a database
// sequence would leave gaps).
type InvoiceSequence struct {
	ent.Schema
}

// Mixin of the InvoiceSequence: the server's own bookkeeping.
func (InvoiceSequence) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenantMixin{rule: tenancy.Internal("invoice sequence", false)}}
}

// Fields of the InvoiceSequence.
func (InvoiceSequence) Fields() []ent.Field {
	return []ent.Field{
		// Name is the series (one per number prefix).
		field.String("name").NotEmpty().Unique().Immutable(),
		// Next is the next number to give.
		field.Int64("next").Default(1).Positive(),
	}
}

// Annotations of the InvoiceSequence.
func (InvoiceSequence) Annotations() []schema.Annotation { return billingAnnotations() }
