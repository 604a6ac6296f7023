package jobs

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestDownloadRefusesNonPublicAddresses pulls from a real server on loopback:
// without AllowPrivate the connection is refused before it is made, as a
// permanent failure (not retried); with it the file arrives.
func TestDownloadRefusesNonPublicAddresses(t *testing.T) {
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits++
		_, _ = w.Write([]byte("media bytes"))
	}))
	defer srv.Close()
	ctx := context.Background()
	var out bytes.Buffer
	_, err := download(ctx, srv.URL+"/v.mp4", &out, ImportLimits{MaxBytes: 1 << 20, Timeout: 5 * time.Second})
	var perm *permanent
	if !errors.As(err, &perm) || !strings.Contains(perm.reason, "non-public address") {
		t.Fatalf("download from loopback = %v, want a permanent non-public-address refusal", err)
	}
	if hits != 0 || out.Len() != 0 {
		t.Fatalf("the server saw %d requests; %d bytes written", hits, out.Len())
	}
	n, err := download(ctx, srv.URL+"/v.mp4", &out, ImportLimits{MaxBytes: 1 << 20, Timeout: 5 * time.Second, AllowPrivate: true})
	if err != nil || n != int64(len("media bytes")) {
		t.Fatalf("download with private networks allowed = %d, %v", n, err)
	}
}
