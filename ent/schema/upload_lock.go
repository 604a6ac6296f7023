package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/vidra-dev/vidra/internal/tenancy"
)

// UploadLock is a lease on one tus upload in progress: the process whose request
// writes the upload holds it and renews it; another replica that receives the
// resumed upload waits for it, asks the holder to let go (ReleaseRequested) or
// takes it over once it expired (its holder died). So two replicas never append
// to one upload at once, and a dead one does not block it for long.
type UploadLock struct {
	ent.Schema
}

// Mixin of the UploadLock.
func (UploadLock) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Internal("upload lock", true))}
}

// Fields of the UploadLock.
func (UploadLock) Fields() []ent.Field {
	return []ent.Field{
		// UploadID is the tus upload's id (the part before any "+" of the store's).
		field.String("upload_id").NotEmpty().MaxLen(255).Immutable(),
		// Holder names the lock object that holds the lease (process and request).
		field.String("holder").NotEmpty().MaxLen(128),
		// ExpiresAt is when the lease lapses unless renewed.
		field.Time("expires_at"),
		// ReleaseRequested is set by a request that waits for the upload, so the
		// holder's request stops and lets the resumed one go on.
		field.Bool("release_requested").Default(false),
	}
}

// Indexes of the UploadLock.
func (UploadLock) Indexes() []ent.Index {
	return []ent.Index{index.Fields("upload_id").Unique(), index.Fields("expires_at")}
}

// Annotations of the UploadLock: internal bookkeeping, not part of the API.
func (UploadLock) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
