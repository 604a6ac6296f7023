package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// RateLimit is one token bucket of a shared rate limit (auth.DBLimiter), kept
// in the database so that every replica counts the same attempts. It stores the
// bucket as GCRA does: the theoretical arrival time of the next attempt.
type RateLimit struct {
	ent.Schema
}

// Mixin of the RateLimit.
func (RateLimit) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Internal("rate limit", false))}
}

// Fields of the RateLimit.
func (RateLimit) Fields() []ent.Field {
	return []ent.Field{
		// Bucket names the limit and its key, e.g. "login_ip:203.0.113.7".
		field.String("bucket").NotEmpty().MaxLen(512).Immutable(),
		// TatMs is the theoretical arrival time (Unix milliseconds): the bucket is
		// full again at TatMs, and an attempt is allowed while
		// TatMs + interval - burst*interval <= now.
		field.Int64("tat_ms"),
	}
}

// Indexes of the RateLimit.
func (RateLimit) Indexes() []ent.Index {
	return []ent.Index{index.Fields("bucket").Unique(), index.Fields("tat_ms")}
}

// Annotations of the RateLimit: internal bookkeeping, not part of the API.
func (RateLimit) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
