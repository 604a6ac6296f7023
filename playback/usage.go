package playback

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/playbackusage"
)

// countingWriter counts the body bytes written to a response.
type countingWriter struct {
	http.ResponseWriter
	n int64
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	w.n += int64(n)
	return n, err
}

// recordUsage adds bytes served to the project's row for today (UTC), creating it
// on the first request of the day; one upsert, safe under concurrency.
func recordUsage(ctx context.Context, client *ent.Client, projectID uuid.UUID, bytes int64, now time.Time) error {
	return client.PlaybackUsage.Create().
		SetProjectID(projectID).
		SetDay(now.UTC().Format(time.DateOnly)).
		SetBytes(bytes).
		SetRequests(1).
		OnConflictColumns(playbackusage.FieldProjectID, playbackusage.FieldDay).
		Update(func(u *ent.PlaybackUsageUpsert) {
			u.AddBytes(bytes)
			u.AddRequests(1)
			u.UpdateUpdatedAt()
		}).
		Exec(ctx)
}
