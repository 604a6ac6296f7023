package usage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Fact is one metering fact for a usage_record: written once per SourceKey.
type Fact struct {
	Organization, Project uuid.UUID
	Metric                string
	At                    time.Time
	// Quantity is bytes, or milliseconds for a seconds metric.
	Quantity  int64
	SourceKey string
}

// Record writes facts in the caller's transaction (tx's client), each once:
// a fact whose source key is recorded already is skipped, never changed.
func Record(ctx context.Context, tx *ent.Client, facts ...Fact) error {
	ctx = tenancy.RoutineContext(ctx, "usage fact")
	for _, f := range facts {
		if f.SourceKey == "" {
			return fmt.Errorf("usage fact %s: no source key", f.Metric)
		}
		err := tx.UsageRecord.Create().
			SetOrganizationID(f.Organization).SetProjectID(f.Project).
			SetMetric(usagerecord.Metric(f.Metric)).SetAt(f.At.UTC()).
			SetQuantity(f.Quantity).SetSourceKey(f.SourceKey).
			OnConflictColumns(usagerecord.FieldSourceKey).DoNothing().
			Exec(ctx)
		// ent reports "no rows" for a DO NOTHING that inserted none.
		if err != nil && !isNoRows(err) {
			return fmt.Errorf("usage fact %s: %w", f.SourceKey, err)
		}
	}
	return nil
}

// CaptionKey is the source key of a caption generation's processor time.
func CaptionKey(generationID uuid.UUID) string { return "captions:" + generationID.String() }

// EncodeKey is the source key of a rendition's encoded output.
func EncodeKey(renditionID uuid.UUID) string { return "encode:" + renditionID.String() }

// LiveKey is the source key of a live session's input in one UTC hour.
func LiveKey(sessionID uuid.UUID, hour time.Time) string {
	return LiveKeyPrefix(sessionID) + hourOf(hour).Format("2006-01-02T15")
}

// LiveKeyPrefix starts the source key of every hour of a live session's input.
func LiveKeyPrefix(sessionID uuid.UUID) string { return "live:" + sessionID.String() + ":" }

// RecordLive records the input seconds of a live session of a project in one
// UTC hour, in the caller's transaction (tx is its client), once per session and
// hour (source key live:{session}:{hour}); a second call for the same hour adds
// nothing. The ingest calls it once an hour of a session is over (the hour has
// passed, or the session ended) with that hour's whole input.
func RecordLive(ctx context.Context, tx *ent.Client, org, project, sessionID uuid.UUID, hour time.Time, seconds float64) error {
	return Record(ctx, tx, Fact{Organization: org, Project: project, Metric: LiveInputSeconds,
		At: hourOf(hour), Quantity: int64(seconds*1000 + 0.5), SourceKey: LiveKey(sessionID, hour)})
}

// isNoRows reports an upsert that did nothing (PostgreSQL's RETURNING finds no row).
func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
