package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// ImportMigration is one sync of an importer: the provider's list of the account's
// videos, read page by page and recorded as import items. The row is the record
// of the owed sync: a pending or running one is (re)queued by its worker.
type ImportMigration struct {
	ent.Schema
}

// Mixin of the ImportMigration.
func (ImportMigration) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("import migration", "import_migrations", perm.Folders))}
}

// Fields of the ImportMigration.
func (ImportMigration) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		field.UUID("importer_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		field.Enum("provider").Values("vimeo").Immutable(),
		field.Enum("status").Values("pending", "running", "done", "failed").Default("pending").
			Annotations(entgql.OrderField("STATUS")),
		// FailureReason says why a failed sync failed.
		field.String("failure_reason").Default("").MaxLen(2000),
		// Total is the number of videos the provider reported for the account.
		field.Int("total").Default(0).Min(0),
		// ItemCount is the number of videos recorded so far.
		field.Int("item_count").Default(0).Min(0),
		field.Time("started_at").Optional().Nillable(),
		field.Time("completed_at").Optional().Nillable(),
	}
}

// Indexes of the ImportMigration.
func (ImportMigration) Indexes() []ent.Index {
	return []ent.Index{index.Fields("project_id", "provider"), index.Fields("status")}
}

// Annotations of the ImportMigration.
func (ImportMigration) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection(), entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput)}
}
