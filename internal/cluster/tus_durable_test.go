package cluster_test

import (
	"bytes"
	"crypto/sha256"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/cluster"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/poll"
)

// TestTusAcknowledgedOffsetSurvivesKill: replica r1 acknowledges a PATCH of
// 1,312,330 bytes (less than a multipart part: tusd keeps them in the upload's
// .part object); a second PATCH to r1 sends a few bytes and stalls, by which
// time tusd has deleted .part to upload it again with the new bytes; r1 is then
// killed (SIGKILL). HEAD on r2 must answer at least the acknowledged offset,
// and the upload, resumed on r2 from there, must become the video's source with
// exactly the bytes sent, leaving nothing under uploads/ in the bucket.
func TestTusAcknowledgedOffsetSurvivesKill(t *testing.T) {
	c := startCluster(t, cluster.Options{Replicas: 2})
	api := apptest.Remote(t, c.URL)
	api.Token = api.SignUp(apptest.DefaultEmail, apptest.DefaultPassword, "Owner").AccessToken
	proj := api.CreateProject(api.CreateOrganization("Durable"), "Uploads")
	data := make([]byte, 3_000_000)
	_, _ = rand.NewChaCha8([32]byte{45}).Read(data)
	const acknowledged = 1312330
	token, videoID := api.UploadToken(proj, int64(len(data)))
	status, loc, body := api.TusCreate(token, int64(len(data)))
	if status != http.StatusCreated {
		t.Fatalf("tus POST: %d %s", status, body)
	}
	path := strings.TrimPrefix(loc, c.URL)
	on := func(replica string) string { return "http://" + c.Process(replica).Addr + path }

	if _, n, err := api.TusPatch(on("r1"), 0, bytes.NewReader(data[:acknowledged])); err != nil || n != acknowledged {
		t.Fatalf("first PATCH on r1: offset %d, %v", n, err)
	}
	id := path[strings.LastIndexByte(path, '/')+1:]
	part := "uploads/" + id[:strings.IndexByte(id, '+')] + ".part" // the id is Vidra's "+" the multipart upload's
	if c.S3.Size(t, part) != acknowledged {
		t.Fatalf("%s does not hold the %d acknowledged bytes", part, acknowledged)
	}
	body2, stall := io.Pipe()
	t.Cleanup(func() { _ = stall.Close() })
	go func() { _, _, _ = api.TusPatch(on("r1"), acknowledged, body2) }()
	if _, err := stall.Write(data[acknowledged : acknowledged+1000]); err != nil {
		t.Fatal(err)
	}
	// r1 now waits for more of the body, having deleted .part.
	if !poll.Every(20*time.Millisecond, 30*time.Second, func() bool { return c.S3.Size(t, part) < 0 }) {
		t.Fatal("r1's second PATCH never took up the incomplete part")
	}
	if err := c.Kill("r1"); err != nil {
		t.Fatal(err)
	}

	offset := api.TusOffset(on("r2")) // once r1's lease on the upload lapsed
	t.Logf("HEAD on r2 after r1 was killed: offset %d (acknowledged %d)", offset, acknowledged)
	if offset < acknowledged {
		t.Fatalf("HEAD on r2 answered offset %d after r1 had acknowledged %d and was killed", offset, acknowledged)
	}
	if _, n, err := api.TusPatch(on("r2"), offset, bytes.NewReader(data[offset:])); err != nil || n != int64(len(data)) {
		t.Fatalf("PATCH of the rest on r2: offset %d, %v", n, err)
	}
	source := c.S3.Read(t, jobs.SourceKey(uuid.MustParse(videoID)))
	if sha256.Sum256(source) != sha256.Sum256(data) {
		t.Fatalf("the video's source (%d bytes) differs from the %d bytes sent", len(source), len(data))
	}
	if left := c.S3.Keys(t, "uploads/"); len(left) > 0 {
		t.Errorf("left in the bucket after the upload finished: %v", left)
	}
}
