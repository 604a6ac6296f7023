package app_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/s3test"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestTusResumesOnAnotherReplica runs two servers over one database and one
// blob storage, as replicas behind a load balancer: an upload started on one
// replica, whose PATCH hangs there, is resumed on the other: its HEAD takes the
// upload over (the first replica's request lets go), the rest of the bytes go
// to the second replica, and the video becomes ready with exactly the bytes
// sent. The finished upload's URL then still answers HEAD with its final offset
// on both replicas, and PATCH with 409. With S3 storage (a real S3-compatible
// server), the upload in progress lives in the bucket and nothing of it is left
// there once it finished.
func TestTusResumesOnAnotherReplica(t *testing.T) {
	data, err := os.ReadFile(clip.Make(t, 3, 320, 240, 25))
	if err != nil {
		t.Fatal(err)
	}
	forEachReplicaPair(t, nil, func(t *testing.T, r replicaPair) {
		resumeOnOtherReplica(t, r.a, r.b, data)
		if r.bucket != nil {
			left := bucketKeys(t, r.bucket, "uploads/")
			if len(left) != 0 {
				t.Errorf("objects of the finished upload left in the bucket: %v", left)
			}
		}
	})
}

// replicaPair is two servers over one database and one storage, as replicas
// behind a load balancer.
type replicaPair struct {
	a, b *apptest.Server
	// bucket is the S3-compatible server with S3 storage, else nil.
	bucket *s3test.Server
	// dataDir is the replicas' VIDRA_DATA_DIR.
	dataDir string
	// storage is "file" or "s3".
	storage string
}

// forEachReplicaPair runs test on a replica pair of each dialect with file
// storage and with S3 storage (a real S3-compatible server), in subtests
// named dialect/storage; env adds settings.
func forEachReplicaPair(t *testing.T, env map[string]string, test func(t *testing.T, r replicaPair)) {
	for _, d := range testdb.Dialects(t) {
		for _, store := range []string{"file", "s3"} {
			t.Run(d+"/"+store, func(t *testing.T) {
				r := replicaPair{dataDir: t.TempDir(), storage: store}
				all := map[string]string{"VIDRA_DATA_DIR": r.dataDir}
				for k, v := range env {
					all[k] = v
				}
				if store == "s3" {
					r.bucket = s3test.Start(t)
					r.bucket.Env(t)
					all["VIDRA_STORAGE_URL"] = r.bucket.StorageURL()
				}
				r.a = apptest.New(t, d, apptest.Options{Env: all})
				r.b = apptest.New(t, d, apptest.Options{Env: all, DB: r.a.App.DB, Anonymous: true})
				r.b.Token = r.a.Token
				test(t, r)
			})
		}
	}
}

// resumeOnOtherReplica uploads data starting on a and finishing on b.
func resumeOnOtherReplica(t *testing.T, a, b *apptest.Server, data []byte) {
	proj := a.CreateProject(a.CreateOrganization("Replicas"), "Uploads")
	token, videoID := a.UploadToken(proj, int64(len(data)))
	status, loc, body := a.TusCreate(token, int64(len(data)))
	if status != http.StatusCreated {
		t.Fatalf("tus POST on replica A: %d %s", status, body)
	}
	locB := b.URL + loc[len(a.URL):]

	// Replica A receives the first half, then the client's connection hangs.
	half := len(data) / 2
	pr, pw := io.Pipe()
	hung := make(chan error, 1)
	go func() {
		_, _, err := a.TusPatch(loc, 0, pr)
		hung <- err
	}()
	if _, err := pw.Write(data[:half]); err != nil {
		t.Fatal(err)
	}
	// A wall-clock gap the scenario needs: the bytes reach replica A, which
	// tells the client nothing of what it stored (any offset up to half is
	// accepted below), before the client gives up on it.
	time.Sleep(300 * time.Millisecond)

	// The client gives up on A and asks B where the upload stands.
	offset := b.TusOffset(locB)
	select {
	case err := <-hung: // A's request let go of the upload, failed or not
		t.Logf("replica A's hanging PATCH ended: %v", err)
	case <-time.After(15 * time.Second):
		t.Fatal("replica A's hanging PATCH still holds the upload after replica B took it over")
	}
	_ = pw.Close()
	if offset < 0 || offset > int64(half) {
		t.Fatalf("offset %d after the first replica received %d bytes", offset, half)
	}
	if _, n, err := b.TusPatch(locB, offset, bytes.NewReader(data[offset:])); err != nil || n != int64(len(data)) {
		t.Fatalf("PATCH rest on replica B: offset %d, %v", n, err)
	}
	v := b.WaitVideo(videoID, 90*time.Second)
	if v.Status != "ready" || v.Size != int64(len(data)) {
		t.Fatalf("video %s, size %d: want ready, %d bytes", v.Status, v.Size, len(data))
	}
	for _, s := range []*apptest.Server{a, b} {
		url := s.URL + loc[len(a.URL):]
		if got := s.TusOffset(url); got != int64(len(data)) {
			t.Errorf("%s: HEAD after completion: offset %d, want %d", s.URL, got, len(data))
		}
		if code, n, _ := s.TusPatch(url, int64(len(data)), bytes.NewReader([]byte("more"))); code != http.StatusConflict || n != int64(len(data)) {
			t.Errorf("%s: PATCH after completion: %d with offset %d, want 409 with %d", s.URL, code, n, len(data))
		}
	}
}

// bucketKeys lists the keys under prefix in the test bucket.
func bucketKeys(t *testing.T, s *s3test.Server, prefix string) []string {
	out, err := s.Client().ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{
		Bucket: aws.String(s.Bucket), Prefix: aws.String(prefix)})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, o := range out.Contents {
		keys = append(keys, aws.ToString(o.Key)+" ("+strconv.FormatInt(aws.ToInt64(o.Size), 10)+" B)")
	}
	return keys
}
