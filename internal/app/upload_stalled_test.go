package app_test

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tus/tusd/v2/pkg/filestore"
	tusd "github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/s3store"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/ent/uploadlock"
	"github.com/vidra-dev/vidra/ent/uploadtoken"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/s3test"
)

// TestCompleteUploadWhoseReplicaDied builds, on two replicas over one database
// and one storage, the state a replica leaves when it dies after storing an
// upload's last byte and before recording the source: every byte in the tus
// store (in S3 with the multipart upload completed or not), the token open, the
// video uploading. Then the upload is finished, exactly once, by whoever sees it:
//   - HEAD on the other replica answers the final offset and records the source
//     (the video is processed to ready);
//   - the media sweep's check records it once (a second run records none);
//   - the frequent check finishes one whose writer's lease lapsed, within
//     seconds;
//   - two HEADs on both replicas and two sweeps at once record it once: one
//     video.upload.completed event, every HEAD answers the final offset.
//
// On main's code the HEAD answers the final offset and the video stays
// uploading with no source.
func TestCompleteUploadWhoseReplicaDied(t *testing.T) {
	data, err := os.ReadFile(clip.Make(t, 2, 160, 120, 25))
	if err != nil {
		t.Fatal(err)
	}
	// The periodic sweep runs once at start only: the test runs the checks.
	forEachReplicaPair(t, map[string]string{"VIDRA_SWEEP_INTERVAL": "1h"}, func(t *testing.T, r replicaPair) {
		a, b, bucket, storage := r.a, r.b, r.bucket, r.storage
		org := a.CreateOrganization("Stalled")
		w := &strandWorld{t: t, a: a, b: b, org: org, data: data, store: tusStoreOf(t, r.dataDir, bucket)}

		t.Run("HEAD", func(t *testing.T) {
			for _, completed := range multipartStates(storage) {
				proj, loc, videoID := w.strand(t, completed)
				locB := b.URL + loc[len(a.URL):]
				if got := headOffset(t, locB); got != int64(len(data)) {
					t.Fatalf("HEAD on the other replica: offset %d, want %d", got, len(data))
				}
				w.assertRecordedOnce(t, proj, videoID)
				if v := b.WaitVideo(videoID, 120*time.Second); v.Status != "ready" || v.Size != int64(len(data)) {
					t.Fatalf("video %s (%s), size %d: want ready with %d bytes", v.Status, v.FailureReason, v.Size, len(data))
				}
				if got := headOffset(t, loc); got != int64(len(data)) {
					t.Fatalf("HEAD again: offset %d", got)
				}
				if n, err := a.App.FinishStalledUploads(apptest.System(), true); err != nil || n != 0 {
					t.Fatalf("sweep after HEAD finished it: recorded %d, %v", n, err)
				}
				w.assertRecordedOnce(t, proj, videoID)
			}
		})
		t.Run("sweep", func(t *testing.T) {
			proj, _, videoID := w.strand(t, true)
			if n, err := b.App.FinishStalledUploads(apptest.System(), true); err != nil || n != 1 {
				t.Fatalf("sweep: recorded %d, %v; want 1", n, err)
			}
			if n, err := a.App.FinishStalledUploads(apptest.System(), true); err != nil || n != 0 {
				t.Fatalf("second sweep: recorded %d, %v; want 0", n, err)
			}
			w.assertRecordedOnce(t, proj, videoID)
		})
		t.Run("lapsed lease", func(t *testing.T) {
			proj, _, videoID := w.strand(t, false)
			// The dead writer's lease, lapsed.
			token := w.token(t, videoID)
			if err := a.App.DB.Client.UploadLock.Create().SetUploadID(*token.UploadID).
				SetHolder("dead-replica/1").SetExpiresAt(time.Now().Add(-time.Second)).
				Exec(apptest.System()); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			poll.Until(t, "the stalled-upload check to finish the upload", 30*time.Second, func() bool {
				return w.token(t, videoID).CompletedAt != nil
			})
			t.Logf("the frequent check finished the upload %v after its writer's lease lapsed", time.Since(start).Round(time.Millisecond))
			w.assertRecordedOnce(t, proj, videoID)
			// The other replica's check may still hold the lease it took to
			// find the upload finished; then none is left.
			var n int
			if !poll.Within(time.Until(start.Add(30*time.Second)), func() bool {
				var err error
				if n, err = a.App.DB.Client.UploadLock.Query().Where(uploadlock.UploadID(*token.UploadID)).Count(apptest.System()); err != nil {
					t.Fatal(err)
				}
				return n == 0
			}) {
				t.Fatalf("%d lease rows of the finished upload left", n)
			}
		})
		t.Run("race", func(t *testing.T) {
			proj, loc, videoID := w.strand(t, false)
			var wg sync.WaitGroup
			offsets := make([]int64, 2)
			recorded := make([]int, 2)
			errs := make([]error, 2)
			for i, s := range []*apptest.Server{a, b} {
				wg.Add(2)
				go func() {
					defer wg.Done()
					offsets[i] = headOffset(t, s.URL+loc[len(a.URL):])
				}()
				go func() {
					defer wg.Done()
					recorded[i], errs[i] = s.App.FinishStalledUploads(apptest.System(), true)
				}()
			}
			wg.Wait()
			for i := range offsets {
				if offsets[i] != int64(len(data)) {
					t.Errorf("HEAD %d: offset %d, want %d", i, offsets[i], len(data))
				}
				if errs[i] != nil || recorded[i] > 1 {
					t.Errorf("sweep %d: recorded %d, %v", i, recorded[i], errs[i])
				}
			}
			w.assertRecordedOnce(t, proj, videoID)
		})
		if bucket != nil {
			if left := bucketKeys(t, bucket, "uploads/"); len(left) != 0 {
				t.Errorf("objects of finished uploads left in the bucket: %v", left)
			}
		}
	})
}

// strandWorld is two replicas and the tus store they share.
type strandWorld struct {
	t     *testing.T
	a, b  *apptest.Server
	org   string
	data  []byte
	store tusd.DataStore
	n     int
}

// strand starts an upload of w.data on replica a in a new project and stores
// every byte of it as a replica does before it records the source, then stops
// there, as that replica died. completed says whether the S3 multipart upload
// was completed (tusd completes it right before the finish callback).
func (w *strandWorld) strand(t *testing.T, completed bool) (proj, loc, videoID string) {
	t.Helper()
	w.n++
	proj = w.a.CreateProject(w.org, "Stalled "+strconv.Itoa(w.n))
	token, videoID := w.a.UploadToken(proj, int64(len(w.data)))
	status, loc, body := w.a.TusCreate(token, int64(len(w.data)))
	if status != http.StatusCreated {
		t.Fatalf("tus POST: %d %s", status, body)
	}
	ctx := context.Background()
	up, err := w.store.GetUpload(ctx, loc[strings.LastIndex(loc, "/")+1:])
	if err != nil {
		t.Fatal(err)
	}
	if n, err := up.WriteChunk(ctx, 0, bytes.NewReader(w.data)); err != nil || n != int64(len(w.data)) {
		t.Fatalf("store the upload's bytes: %d, %v", n, err)
	}
	if completed {
		if err := up.FinishUpload(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return proj, loc, videoID
}

// token is the upload token of the video.
func (w *strandWorld) token(t *testing.T, videoID string) *ent.UploadToken {
	t.Helper()
	tok, err := w.a.App.DB.Client.UploadToken.Query().
		Where(uploadtoken.VideoID(mustUUID(t, videoID))).Only(apptest.System())
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// assertRecordedOnce checks that the upload is recorded as the video's source
// once: token closed, video with its size and source, one
// video.upload.completed event in its project.
func (w *strandWorld) assertRecordedOnce(t *testing.T, proj, videoID string) {
	t.Helper()
	ctx := apptest.System()
	client := w.a.App.DB.Client
	if tok := w.token(t, videoID); tok.CompletedAt == nil {
		t.Fatal("the upload token is still open")
	}
	v, err := client.Video.Get(ctx, mustUUID(t, videoID))
	if err != nil {
		t.Fatal(err)
	}
	if v.SourceKey == "" || v.Size != int64(len(w.data)) || v.Status == video.StatusFailed {
		t.Fatalf("video %s (%s), source %q, size %d: want its source of %d bytes", v.Status, v.FailureReason, v.SourceKey, v.Size, len(w.data))
	}
	n, err := client.Event.Query().
		Where(event.ProjectID(mustUUID(t, proj)), event.Type(events.VideoUploadCompleted)).Count(ctx)
	if err != nil || n != 1 {
		t.Fatalf("%d video.upload.completed events (%v), want 1", n, err)
	}
}

// multipartStates are the states of the S3 multipart upload a dead replica
// may leave: not completed, completed. The file store has one.
func multipartStates(storage string) []bool {
	if storage == "s3" {
		return []bool{false, true}
	}
	return []bool{true}
}

// tusStoreOf is the tus store the replicas keep uploads in progress in: the
// bucket's uploads/ with S3 storage, else <data dir>/uploads.
func tusStoreOf(t *testing.T, dataDir string, bucket *s3test.Server) tusd.DataStore {
	if bucket == nil {
		return filestore.New(filepath.Join(dataDir, "uploads"))
	}
	store := s3store.New(bucket.Bucket, bucket.Client())
	store.ObjectPrefix = "uploads/"
	store.MetadataObjectPrefix = "uploads/"
	store.TemporaryDirectory = t.TempDir()
	return store
}

// headOffset is the Upload-Offset a HEAD answers, which must be 200 with
// Upload-Length.
func headOffset(t *testing.T, loc string) int64 {
	req, _ := http.NewRequest(http.MethodHead, loc, nil)
	req.Header.Set("Tus-Resumable", "1.0.0")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Errorf("HEAD: %v", err)
		return -1
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Upload-Length") == "" {
		t.Errorf("HEAD: %d, Upload-Length %q", res.StatusCode, res.Header.Get("Upload-Length"))
		return -1
	}
	n, _ := strconv.ParseInt(res.Header.Get("Upload-Offset"), 10, 64)
	return n
}

// mustUUID parses a UUID the API gave.
func mustUUID(t *testing.T, s string) uuid.UUID {
	t.Helper()
	id, err := uuid.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
