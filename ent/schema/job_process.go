package schema

import (
	"time"

	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// JobProcess is the liveness record of one process that runs (or inserts) River
// jobs: its id is the process's River client ID, which River writes into the
// attempted_by of every job the process fetches. The process renews expires_at
// every few seconds; once it lies in the past the process is dead, and another
// process takes the record (deleting it) and hands the jobs still running under
// that client ID back to the queue. See jobs.Liveness.
type JobProcess struct {
	ent.Schema
}

// Mixin of the JobProcess.
func (JobProcess) Mixin() []ent.Mixin {
	// Written only by the job machinery with the system context, never by a
	// GraphQL mutation: nothing to audit.
	return []ent.Mixin{tenantMixin{rule: tenancy.Internal("job process", false)}}
}

// Fields of the JobProcess.
func (JobProcess) Fields() []ent.Field {
	return []ent.Field{
		// ID is the process's River client ID (host, pid and a random part).
		field.String("id").NotEmpty().MaxLen(128).Immutable(),
		// Host is the host name the process runs on.
		field.String("host").MaxLen(255).Immutable(),
		// Pid is the process id on Host.
		field.Int("pid").Immutable(),
		// Role is "server" or "worker".
		field.String("role").MaxLen(32).Immutable(),
		// StartedAt is when the process registered.
		field.Time("started_at").Default(time.Now).Immutable(),
		// HeartbeatAt is the last renewal.
		field.Time("heartbeat_at").Default(time.Now),
		// ExpiresAt is when the process counts as dead unless renewed before;
		// while a reclaim runs, when the reclaim's claim lapses.
		field.Time("expires_at"),
		// ReclaimedBy is the process handing this one's jobs back to the queue,
		// set by the one update that claims the dead record.
		field.String("reclaimed_by").MaxLen(128).Optional().Nillable(),
	}
}

// Indexes of the JobProcess.
func (JobProcess) Indexes() []ent.Index {
	return []ent.Index{index.Fields("expires_at"), index.Fields("host")}
}

// Annotations of the JobProcess: internal bookkeeping, not part of the API.
func (JobProcess) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
