package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// AnalyticsView is one view: a play attempt of one video by one player, as the
// player reported it (its id is the player's view_id). The analytics writer
// keeps it current from the view's events; rollups are recomputed from it.
type AnalyticsView struct {
	ent.Schema
}

// Mixin of the AnalyticsView.
func (AnalyticsView) Mixin() []ent.Mixin {
	return []ent.Mixin{analyticsTenant("analytics view", "analytics_views")}
}

// Fields of the AnalyticsView. Times are epoch seconds unless named _ms.
func (AnalyticsView) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Immutable(),
		analyticsProject(),
		// Ref is the view's number, given by the analytics writer when it first
		// stores one of the view's events: its events' ids are ref<<20 | seq.
		// NULL for a view with no stored event yet.
		field.Int64("ref").Optional().Nillable().Unique(),
		field.UUID("video_id", uuid.UUID{}).Immutable(),
		field.UUID("folder_id", uuid.UUID{}).Optional().Nillable(),
		field.UUID("player_id", uuid.UUID{}).Optional().Nillable(),
		// UserID is the user the player reported ("" when none); never PII.
		field.String("user_id").MaxLen(128).Default(""),
		field.String("session_id").MaxLen(128).Default(""),
		// ViewerKey is the hex HMAC of the daily salt and project|IP|UA (32 chars).
		field.String("viewer_key").MaxLen(32).Default(""),
		// Country is an ISO 3166 alpha-2 code, "" when unknown.
		field.String("country").MaxLen(2).Default(""),
		// DeviceType is desktop, mobile, tablet, tv or other.
		field.String("device_type").MaxLen(16).Default(""),
		field.String("os").MaxLen(64).Default(""),
		field.String("browser").MaxLen(64).Default(""),
		field.String("player_software").MaxLen(64).Default(""),
		// StreamType is on_demand or live.
		field.String("stream_type").MaxLen(16).Default("on_demand"),
		field.Int64("started_at"),
		// EndedAt is the time of the view's last event.
		field.Int64("ended_at"),
		// Hour is (started_at/3600)*3600: the hour the view counts in.
		field.Int64("hour"),
		// StartupMs is the time to first frame; nil when playback never started.
		field.Int64("startup_ms").Optional().Nillable(),
		field.Int64("watched_ms").Default(0),
		field.Int64("rebuffer_ms").Default(0),
		field.Int("rebuffer_count").Default(0),
		field.Int("error_count").Default(0),
		// FatalErrorCode is the code of the error that ended playback, "" when none.
		field.String("fatal_error_code").MaxLen(64).Default(""),
		field.Int64("max_playhead_ms").Default(0),
		// DurationMs is the video's duration, 0 when unknown.
		field.Int64("duration_ms").Default(0),
		field.Bool("completed").Default(false),
		// Verified means Vidra served segments to this view's session.
		field.Bool("verified").Default(false),
		// UpdatedAt is the server time (epoch seconds) the writer last stored new
		// events of the view: when its latest beacon arrived, within the writer's
		// MaxWait. It does not move for resent events.
		field.Int64("updated_at"),
		// Closed means the player's state is ended (an ended or viewend event, or a
		// fatal error) as of the view's last event; a replay after the end reopens it.
		// Concurrent viewers count the open views seen lately.
		field.Bool("closed").Default(false),
	}
}

// Indexes of the AnalyticsView.
func (AnalyticsView) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "hour"),
		index.Fields("project_id", "video_id", "hour"),
		index.Fields("project_id", "user_id", "started_at"),
		index.Fields("project_id", "folder_id", "hour"),
		// Concurrent viewers: the project's views stored lately.
		index.Fields("project_id", "updated_at"),
	}
}

// Annotations of the AnalyticsView: the analytics GraphQL types are hand-written.
func (AnalyticsView) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
