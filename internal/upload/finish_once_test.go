package upload

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"gocloud.dev/blob/memblob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// countingEvents records nothing and counts the events recorded in committed
// transactions.
type countingEvents struct{ committed atomic.Int32 }

func (c *countingEvents) Record(_ context.Context, tx *ent.Tx, _ string, _ uuid.UUID, _ any) (*ent.Event, error) {
	tx.OnCommit(func(next ent.Committer) ent.Committer {
		return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
			err := next.Commit(ctx, tx)
			if err == nil {
				c.committed.Add(1)
			}
			return err
		})
	})
	return nil, nil
}

// TestFinishRecordsOnce runs finish for one complete upload from four
// goroutines at once, with no upload lock, as replicas whose leases lapsed
// would: exactly one records it (the token closed once, one
// video.upload.completed committed, one stored source); the others report that
// another finisher did, without an error. On SQLite and PostgreSQL. Without the
// token's conditional close every finisher records it (4 events).
func TestFinishRecordsOnce(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			db := testdb.Open(t, d)
			ctx := tenancy.SystemContext(context.Background(), "test")
			queue, err := jobs.Open(ctx, jobs.Options{Dialect: d, SQL: db.SQL, DatabaseURL: db.URL, Log: slog.Default()})
			if err != nil {
				t.Fatal(err)
			}
			bucket := memblob.OpenBucket(nil)
			t.Cleanup(func() { _ = bucket.Close() })
			rec := &countingEvents{}
			s := &Service{Client: db.Client, Bucket: bucket, Queue: queue, Log: slog.Default(), Events: rec}

			org := db.Client.Organization.Create().SetName("Org").SaveX(ctx)
			proj := db.Client.Project.Create().SetOrganizationID(org.ID).SetName("P").SaveX(ctx)
			v := db.Client.Video.Create().SetProjectID(proj.ID).SetTitle("clip").SetStatus(video.StatusUploading).SaveX(videolifecycle.ForTest(ctx))
			tok := db.Client.UploadToken.Create().SetProjectID(proj.ID).SetVideoID(v.ID).SetTokenHash("h").
				SetMaxSize(100).SetExpiresAt(time.Now().Add(time.Hour)).SetUploadID("u1").SaveX(ctx)
			payload := []byte("the complete upload")
			if err := bucket.WriteAll(ctx, tusPrefix+"u1", payload, nil); err != nil {
				t.Fatal(err)
			}

			const finishers = 4
			var wg sync.WaitGroup
			won := make([]bool, finishers)
			errs := make([]error, finishers)
			for i := range finishers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					won[i], errs[i] = s.finish(ctx, tok, uploadedBytes{Key: tusPrefix + "u1"}, int64(len(payload)))
				}()
			}
			wg.Wait()
			winners := 0
			for i := range finishers {
				if errs[i] != nil {
					t.Errorf("finisher %d: %v", i, errs[i])
				}
				if won[i] {
					winners++
				}
			}
			if winners != 1 || rec.committed.Load() != 1 {
				t.Fatalf("%d finishers recorded the upload, %d events committed; want 1 and 1", winners, rec.committed.Load())
			}
			got := db.Client.Video.GetX(ctx, v.ID)
			if got.SourceKey != jobs.SourceKey(v.ID) || got.Size != int64(len(payload)) {
				t.Fatalf("video source %q, size %d", got.SourceKey, got.Size)
			}
			if db.Client.UploadToken.GetX(ctx, tok.ID).CompletedAt == nil {
				t.Fatal("the token is still open")
			}
		})
	}
}
