package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// AuthCode is a single-use secret mailed to (or handed to) a user: an email
// verification link token, a password-reset one-time password, or the reset
// ticket a verified OTP is exchanged for. Only its keyed hash is stored.
type AuthCode struct {
	ent.Schema
}

// Mixin of the AuthCode.
func (AuthCode) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.UserOwned("code", "auth_codes", "user_id", ""))}
}

// Fields of the AuthCode.
func (AuthCode) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}).Immutable(),
		field.Enum("purpose").Values("verify_email", "reset_otp", "reset_ticket").Immutable(),
		field.String("code_hash").NotEmpty().Immutable().Sensitive(),
		field.Time("expires_at").Immutable(),
		// Attempts counts wrong guesses; the code locks at the limit.
		field.Int("attempts").Default(0),
		field.Time("used_at").Optional().Nillable(),
	}
}

// Indexes of the AuthCode.
func (AuthCode) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("code_hash"),
		index.Fields("user_id", "purpose"),
	}
}

// Annotations of the AuthCode.
func (AuthCode) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
