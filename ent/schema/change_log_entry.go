package schema

import (
	"time"

	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/tenancy"
)

// ChangeLogEntry is one committed change of a row that subscriptions follow (a
// video, transcoding job or webhook delivery), written by the change feed's
// hook in the change's own transaction, just before it commits. Its id is the
// resume point of subscriptions: ids are taken in commit order (package
// changefeed), so a subscriber that saw id N has seen every change up to N.
// Entries are kept for a bounded window (VIDRA_WS_RESUME_WINDOW) and then
// pruned by the cleanup job.
type ChangeLogEntry struct {
	ent.Schema
}

// Mixin of the ChangeLogEntry: the server's own bookkeeping, read and written
// in the system context only (subscribers read the rows it names as themselves).
func (ChangeLogEntry) Mixin() []ent.Mixin {
	return []ent.Mixin{tenantMixin{rule: tenancy.Internal("change log entry", false)}}
}

// Fields of the ChangeLogEntry.
func (ChangeLogEntry) Fields() []ent.Field {
	return []ent.Field{
		// ID is the entry's sequence number, increasing in commit order.
		field.Int64("id").Immutable(),
		field.Time("created_at").Default(time.Now).Immutable(),
		// Kind is the changefeed kind of the row (video, transcoding_job,
		// webhook_delivery).
		field.String("kind").MaxLen(32).Immutable(),
		field.UUID("row_id", uuid.UUID{}).Immutable(),
		// ProjectID is the row's project when the change carried it.
		field.UUID("project_id", uuid.UUID{}).Optional().Nillable().Immutable(),
		// Deleted says the change deleted the row.
		field.Bool("deleted").Default(false).Immutable(),
	}
}

// Indexes of the ChangeLogEntry: a row's changes, a project's changes of a
// kind, and the age the pruning reads.
func (ChangeLogEntry) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("row_id"),
		index.Fields("kind", "project_id"),
		index.Fields("created_at"),
	}
}

// Annotations of the ChangeLogEntry: a table of its own name; no GraphQL type.
func (ChangeLogEntry) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Table("change_log"), entgql.Skip(entgql.SkipAll)}
}
