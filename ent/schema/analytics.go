package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// analyticsTenant is the tenancy of an analytics table: project content in the
// analytics area. Rows are written by the analytics writer (in the system
// context), never by a GraphQL mutation, so no audit hook records them; erasing
// a user's analytics is audited by its own mutation.
func analyticsTenant(entity, table string) ent.Mixin {
	return tenantMixin{rule: tenancy.ProjectContent(entity, table, perm.Analytics)}
}

// analyticsSerial is the int64 auto-increment id of an analytics table whose
// rows have no identity of their own.
func analyticsSerial() ent.Field {
	return field.Int64("id").Immutable()
}

// analyticsProject is the project_id column of every analytics table.
func analyticsProject() ent.Field {
	return field.UUID("project_id", uuid.UUID{}).Immutable()
}

// analyticsDimensions are the rollup dimensions shared by the hourly and daily
// tables (besides project and bucket).
func analyticsDimensions() []ent.Field {
	return []ent.Field{
		field.UUID("video_id", uuid.UUID{}).Immutable(),
		field.UUID("folder_id", uuid.UUID{}).Optional().Nillable().Immutable(),
		field.String("country").MaxLen(2).Default("").Immutable(),
		field.String("device_type").MaxLen(16).Default("").Immutable(),
		field.String("os").MaxLen(64).Default("").Immutable(),
		field.String("browser").MaxLen(64).Default("").Immutable(),
	}
}

// analyticsMeasures are the summed measures of the hourly and daily rollups.
func analyticsMeasures() []ent.Field {
	names := []string{"views", "attempts", "watched_ms", "rebuffer_ms", "startup_ms_sum",
		"startup_count", "errors", "failures", "ebvs", "completed"}
	fs := make([]ent.Field, len(names))
	for i, n := range names {
		fs[i] = field.Int64(n).Default(0)
	}
	return fs
}
