package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/perm"
	"github.com/vidra-dev/vidra/tenancy"
)

// PlaybackUsage counts the bytes Vidra served for a project's playback on one UTC day,
// the basis of bandwidth usage.
type PlaybackUsage struct {
	ent.Schema
}

// Mixin of the PlaybackUsage.
func (PlaybackUsage) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("playback usage", "playback_usages", perm.Analytics))}
}

// Fields of the PlaybackUsage.
func (PlaybackUsage) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable(),
		// Day is the UTC date, as 2006-01-02.
		field.String("day").NotEmpty().MaxLen(10).Immutable(),
		field.Int64("bytes").Default(0).NonNegative(),
		field.Int64("requests").Default(0).NonNegative(),
	}
}

// Indexes of the PlaybackUsage.
func (PlaybackUsage) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "day").Unique(),
	}
}

// Annotations of the PlaybackUsage.
func (PlaybackUsage) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
