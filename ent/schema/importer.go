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

// Importer is a project's connection to a video provider (Vimeo): the account's
// credential, checked against the provider when set. One per provider and project.
type Importer struct {
	ent.Schema
}

// Mixin of the Importer.
func (Importer) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("importer", "importers", perm.Folders))}
}

// Fields of the Importer.
func (Importer) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		field.Enum("provider").Values("vimeo").Immutable(),
		// Credential is the provider's access token: a secret, never shown (the audit
		// log redacts it too).
		field.String("credential").NotEmpty().MaxLen(4096).Sensitive().Annotations(entgql.Skip()),
		// CredentialLast4 are the credential's last four characters, to tell tokens apart.
		field.String("credential_last4").Default(""),
		// AccountName and AccountURI name the provider account the credential belongs to.
		field.String("account_name").Default("").MaxLen(500),
		field.String("account_uri").Default("").MaxLen(500),
	}
}

// Indexes of the Importer.
func (Importer) Indexes() []ent.Index {
	return []ent.Index{index.Fields("project_id", "provider").Unique()}
}

// Annotations of the Importer.
func (Importer) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput)}
}
