package schema

import (
	"regexp"

	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// hexColour is a theme colour in #rrggbb form.
var hexColour = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// Player is a named configuration of the embeddable player: theme, controls and
// branding. At most one player of a project is its default.
type Player struct {
	ent.Schema
}

// Mixin of the Player.
func (Player) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("player", "players", perm.Settings))}
}

// Fields of the Player.
func (Player) Fields() []ent.Field {
	skipInputs := entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable().Annotations(skipInputs),
		field.String("name").NotEmpty().MaxLen(255).Annotations(entgql.OrderField("NAME")),
		// IsDefault marks the project's default player; set with setDefaultPlayer.
		field.Bool("is_default").Default(false).Annotations(skipInputs),
		field.String("primary_color").Match(hexColour).Default("#ffffff"),
		field.String("accent_color").Match(hexColour).Default("#3b82f6"),
		field.String("background_color").Match(hexColour).Default("#000000"),
		field.Bool("controls").Default(true),
		field.Bool("autoplay").Default(false),
		field.Bool("muted").Default(false),
		field.Bool("loop").Default(false),
		// LogoURL and WatermarkURL are absolute http(s) image URLs, empty for none.
		field.String("logo_url").MaxLen(2048).Default(""),
		field.String("watermark_url").MaxLen(2048).Default(""),
		field.Enum("watermark_position").
			Values("top_left", "top_right", "bottom_left", "bottom_right").
			Default("top_right"),
		// SpeedOptions are the playback rates offered, ascending, each in (0, 4].
		field.JSON("speed_options", []float64{}).Default([]float64{0.5, 1, 1.25, 1.5, 2}),
		// CaptionsDefault turns captions on when playback starts, in
		// DefaultCaptionLanguage (BCP 47) when the video has it.
		field.Bool("captions_default").Default(false),
		field.String("default_caption_language").MaxLen(35).Default(""),
	}
}

// Edges of the Player.
func (Player) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("project", Project.Type).
			Ref("players").
			Field("project_id").
			Unique().
			Required().
			Immutable().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
	}
}

// Indexes of the Player.
func (Player) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "created_at"),
		// One default player per project, enforced by the database.
		index.Fields("project_id").
			Unique().
			StorageKey("players_one_default_per_project").
			Annotations(entsql.IndexWhere("is_default")),
	}
}

// Annotations of the Player.
func (Player) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.RelayConnection(),
		entgql.Mutations(entgql.MutationCreate(), entgql.MutationUpdate()),
	}
}
