package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// StoredObject is a stretch of storage a project holds: a video's source, or
// its HLS output, from created_at until deleted_at. It is written in the
// transaction of the change that stores or removes the blobs, so storage
// byte-seconds and video-seconds are computed exactly from the overlap of
// these rows with a period.
type StoredObject struct {
	ent.Schema
}

// Mixin of the StoredObject.
func (StoredObject) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, usageTenant("stored object", "stored_objects")}
}

// Fields of the StoredObject.
func (StoredObject) Fields() []ent.Field {
	return append(usageOwner(),
		// VideoID is the video the blobs belong to.
		field.UUID("video_id", uuid.UUID{}).Optional().Nillable().Immutable(),
		// Key is the blob key, or the key prefix of a folder of blobs.
		field.String("key").NotEmpty().MaxLen(1024).Immutable(),
		field.Int64("bytes").NonNegative().Immutable(),
		// VideoSeconds is the media duration the object holds (0 for a source
		// not probed yet).
		field.Float("video_seconds").Default(0).Min(0).Immutable(),
		// DeletedAt is when the object was removed; nil while it is stored.
		field.Time("deleted_at").Optional().Nillable(),
	)
}

// Indexes of the StoredObject.
func (StoredObject) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("organization_id", "created_at"),
		index.Fields("project_id", "created_at"),
		index.Fields("video_id"),
	}
}

// Annotations of the StoredObject.
func (StoredObject) Annotations() []schema.Annotation { return usageAnnotations() }
