package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/tenancy"
)

// GatewayEvent records a payment gateway's webhook event once: its unique
// event id de-duplicates redeliveries.
type GatewayEvent struct {
	ent.Schema
}

// Mixin of the GatewayEvent: the server's own bookkeeping.
func (GatewayEvent) Mixin() []ent.Mixin {
	return []ent.Mixin{tenantMixin{rule: tenancy.Internal("gateway event", false)}}
}

// Fields of the GatewayEvent.
func (GatewayEvent) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Default(NewID).Immutable(),
		field.Time("created_at").Default(time.Now).Immutable(),
		field.String("gateway").NotEmpty().Immutable(),
		// EventID is the gateway's event id (unique per gateway).
		field.String("event_id").NotEmpty().Immutable(),
		field.String("type").Default("").Immutable(),
	}
}

// Indexes of the GatewayEvent.
func (GatewayEvent) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("gateway", "event_id").Unique(),
		index.Fields("created_at"),
	}
}

// Annotations of the GatewayEvent.
func (GatewayEvent) Annotations() []schema.Annotation { return billingAnnotations() }
