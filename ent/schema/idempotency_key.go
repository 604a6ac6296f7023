package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// IdempotencyKey remembers a POST (REST) or mutation (GraphQL) sent with an
// Idempotency-Key, per caller, for 24 hours (package idempotency): while it runs
// a retry is refused (409), after it succeeded a retry with the same request is
// answered with the stored response, and a different request under the same key
// is refused (422).
type IdempotencyKey struct {
	ent.Schema
}

// Mixin of the IdempotencyKey.
func (IdempotencyKey) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Internal("idempotency key", false))}
}

// Fields of the IdempotencyKey.
func (IdempotencyKey) Fields() []ent.Field {
	return []ent.Field{
		// Scope is the caller the key belongs to: a user in an organization, an
		// API key, or the admin key.
		field.String("scope").NotEmpty().MaxLen(255).Immutable(),
		// Key is the client's Idempotency-Key.
		field.String("key").NotEmpty().MaxLen(255).Immutable(),
		// RequestHash is the SHA-256 (hex) of the request: method, path and
		// variables (REST), or query, operation name and variables (GraphQL).
		field.String("request_hash").NotEmpty().MaxLen(64).Immutable(),
		// State is running until the first request ends, then done (a request
		// that failed deletes its row instead).
		field.Enum("state").Values("running", "done").Default("running"),
		// LockedAt is when the running request started; a running row older than
		// the abandon time belongs to a dead process and is taken over.
		field.Time("locked_at"),
		// ResponseStatus, ResponseContentType and ResponseBody are the stored
		// response of a done request.
		field.Int("response_status").Default(0),
		field.String("response_content_type").MaxLen(255).Default(""),
		field.Bytes("response_body").Optional(),
		// ExpiresAt is when the key may be reused (and the row is removed).
		field.Time("expires_at"),
	}
}

// Indexes of the IdempotencyKey.
func (IdempotencyKey) Indexes() []ent.Index {
	return []ent.Index{index.Fields("scope", "key").Unique(), index.Fields("expires_at")}
}

// Annotations of the IdempotencyKey: internal bookkeeping, not part of the API.
func (IdempotencyKey) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
