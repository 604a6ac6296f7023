package cluster_test

import (
	"bytes"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/cluster"
)

// tusClient uploads as a tus client on a bad network does, through the proxy,
// and holds the server to what it acknowledged: an offset answered by a PATCH
// (204) or a HEAD may never go back.
type tusClient struct {
	t   *testing.T
	api *apptest.Server
	// loc is the upload's URL; size its length.
	loc  string
	size int64
	// acked is the highest offset the server acknowledged.
	acked int64
}

// newUpload creates a tus upload of data through the proxy.
func newUpload(t *testing.T, api *apptest.Server, token string, data []byte) *tusClient {
	t.Helper()
	status, loc, body := api.TusCreate(token, int64(len(data)))
	if status != http.StatusCreated {
		t.Fatalf("tus POST: %d %s", status, body)
	}
	return &tusClient{t: t, api: api, loc: loc, size: int64(len(data))}
}

// ack records an acknowledged offset and fails the test when it is below one
// acknowledged before.
func (u *tusClient) ack(offset int64, by string) {
	u.t.Helper()
	if offset < u.acked {
		u.t.Errorf("%s: acknowledged bytes lost: %s answered offset %d after %d had been acknowledged", u.loc, by, offset, u.acked)
		return
	}
	u.acked = offset
}

// head asks the upload's offset through the proxy. A 502 or 503 (no replica
// could answer just then) is retried, as tus-js-client's retryDelays do.
func (u *tusClient) head() int64 {
	u.t.Helper()
	for attempt := 0; ; attempt++ {
		req, _ := http.NewRequest(http.MethodHead, u.loc, nil)
		req.Header.Set("Tus-Resumable", "1.0.0")
		res, err := u.api.Client.Do(req)
		if err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				n, _ := strconv.ParseInt(res.Header.Get("Upload-Offset"), 10, 64)
				u.ack(n, "HEAD")
				return n
			}
			err = fmt.Errorf("status %d", res.StatusCode)
		}
		if attempt == 10 {
			u.t.Fatalf("tus HEAD %s: %v", u.loc, err)
		}
		// The client's own retry delay, growing as tus-js-client's do: the
		// test plays a client, which has nothing to wait on but time.
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
}

// finish sends what the server lacks until the upload is complete, each PATCH
// after a HEAD, as a client resumes.
func (u *tusClient) finish(data []byte) {
	u.t.Helper()
	for attempt := 0; ; attempt++ {
		offset := u.head()
		if offset == u.size {
			return
		}
		status, n, err := u.api.TusPatch(u.loc, offset, bytes.NewReader(data[offset:]))
		if status == http.StatusNoContent {
			u.ack(n, "PATCH")
		}
		if err == nil && n == u.size {
			return
		}
		if attempt == 10 {
			u.t.Fatalf("upload %s does not complete: offset %d: %v", u.loc, n, err)
		}
		// The client's retry delay before it asks for the offset again.
		time.Sleep(500 * time.Millisecond)
	}
}

// resumedUpload creates a tus upload and sends it as a client on a bad network
// does: a PATCH cut off after the first half, then HEAD and the rest, every
// request on a new connection through the proxy.
func resumedUpload(t *testing.T, api *apptest.Server, token string, data []byte) {
	t.Helper()
	u := newUpload(t, api, token, data)
	half := len(data) / 2
	_, _, _ = api.TusPatch(u.loc, 0, io.MultiReader(bytes.NewReader(data[:half]), failing{}))
	u.finish(data)
}

// failing is a request body that breaks, as a dropped connection does.
type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, fmt.Errorf("connection dropped") }

// lastByteKill is what one kill right after an upload's last byte found.
type lastByteKill struct {
	delay time.Duration
	// sourceRecorded says whether the killed replica had recorded the source
	// before it died (else another replica's HEAD or the sweep had to finish).
	sourceRecorded bool
	// headAfter is the offset the first HEAD after the kill answered.
	headAfter int64
}

// killAfterLastByte uploads data as a client whose final PATCH goes to replica
// p, which is killed delay after the PATCH's last byte left the client: the
// first half is acknowledged by p, then the rest goes to p (finalPatchThenKill).
// The client then goes on through the proxy (HEAD, and the rest again if the
// server lacks it).
func killAfterLastByte(t *testing.T, c *cluster.Cluster, p *cluster.Process, api *apptest.Server, db *sql.DB,
	token, videoID string, data []byte, delay time.Duration) lastByteKill {
	t.Helper()
	u := newUpload(t, api, token, data)
	loc, err := url.Parse(u.loc)
	if err != nil {
		t.Fatal(err)
	}
	half := int64(len(data) / 2)
	status, n, err := api.TusPatch("http://"+p.Addr+loc.Path, 0, bytes.NewReader(data[:half]))
	if status != http.StatusNoContent || n != half {
		t.Fatalf("first half to %s: %d offset %d: %v", p.Name, status, n, err)
	}
	u.ack(n, "PATCH")
	finalPatchThenKill(t, c, p, loc.Path, half, data[half:], delay)
	found := lastByteKill{delay: delay}
	if err := db.QueryRow(`SELECT source_key <> '' FROM videos WHERE id = $1`, videoID).Scan(&found.sourceRecorded); err != nil {
		t.Fatal(err)
	}
	found.headAfter = u.head()
	u.finish(data)
	return found
}
