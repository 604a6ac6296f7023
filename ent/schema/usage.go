package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// usageTenant is the tenancy of a metering table: the billing area of an
// organization. Rows are written by the server (the usage flusher, the media
// jobs, the blob changes) in the system context or in the transaction of the
// change they record, never by a GraphQL mutation, so no audit hook records them.
func usageTenant(entity, table string) ent.Mixin {
	return tenantMixin{rule: tenancy.OrganizationArea(entity, table, perm.Billing)}
}

// usageMetric is the metric column of the usage tables. Quantities are whole
// bytes for the byte metrics and milliseconds for the seconds metrics (the
// usage package converts; Totals reports seconds).
func usageMetric() ent.Field {
	return field.Enum("metric").
		Values("delivered_bytes", "delivered_seconds", "stored_byte_seconds", "stored_video_seconds",
			"encoded_output_seconds", "live_input_seconds", "caption_cpu_seconds").
		Immutable()
}

// usageOwner are the organization and project columns of a usage row.
func usageOwner() []ent.Field {
	return []ent.Field{
		field.UUID("organization_id", uuid.UUID{}).Immutable(),
		field.UUID("project_id", uuid.UUID{}).Immutable(),
	}
}

// usageAnnotations keep the metering tables out of the generated GraphQL: the
// usage queries are hand-written.
func usageAnnotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
