package browsertest_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/uploadtoken"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/testproc"
)

// tusRequest is a request tus-js-client made and the status it got.
type tusRequest struct {
	Method, URL string
	Status      int
}

// TestTusJSClientAfter503 uploads with tus-js-client, in two chunks, through a
// proxy that fails the second PATCH (the bytes never reach Vidra) and then the
// HEAD the client resumes with, with 503 as a replica being replaced answers:
// tus-js-client then drops the upload's URL and creates a new upload with the
// same token. Vidra answers that creation with 201 and the existing upload's
// Location, so the client PATCHes there, gets 409 for its offset, retries with
// HEAD and finishes the upload from the offset Vidra has: the one video is
// processed with exactly the file's bytes. On main's code the creation gets
// 409 (the token already has an upload), which the client retries until it
// gives up.
func TestTusJSClientAfter503(t *testing.T) {
	data, err := os.ReadFile(clip.Make(t, 1, 160, 120, 25))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "clip.mp4")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		dir := browsertest.Modules(t)
		proj := s.CreateProject(s.CreateOrganization("Tus"), "Clients")
		token, videoID := s.UploadToken(proj, int64(len(data)))

		target, _ := url.Parse(s.URL)
		backend := httputil.NewSingleHostReverseProxy(target)
		var mu sync.Mutex
		failedPatch, failedHead := false, false
		proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			fail := false
			switch {
			case r.Method == http.MethodPatch && r.Header.Get("Upload-Offset") != "0" && !failedPatch:
				failedPatch, fail = true, true
			case r.Method == http.MethodHead && failedPatch && !failedHead:
				failedHead, fail = true, true
			}
			mu.Unlock()
			if fail {
				http.Error(w, "replica unavailable", http.StatusServiceUnavailable)
				return
			}
			backend.ServeHTTP(w, r)
		}))
		t.Cleanup(proxy.Close)

		cfg, _ := json.Marshal(map[string]any{
			"endpoint": proxy.URL + "/v1/uploads/", "token": token, "file": file,
			"chunkSize": len(data)/2 + 1, "retryDelays": []int{0, 200, 400, 800},
		})
		cmd := exec.Command("node", filepath.Join(dir, "tus_upload.mjs"))
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "VIDRA_TUS="+string(cfg))
		sc := bufio.NewScanner(testproc.Stdout(t, cmd))
		var requests []tusRequest
		var outcome struct {
			Request *tusRequest
			OK      bool
			URL     string
			Error   string
		}
		for sc.Scan() {
			outcome.Request = nil
			if err := json.Unmarshal(sc.Bytes(), &outcome); err != nil {
				t.Fatalf("client line %q: %v", sc.Text(), err)
			}
			if outcome.Request == nil {
				break
			}
			requests = append(requests, *outcome.Request)
			t.Logf("%s %s: %d", outcome.Request.Method, outcome.Request.URL, outcome.Request.Status)
		}
		if !outcome.OK {
			t.Fatalf("tus-js-client failed: %s", outcome.Error)
		}
		if !failedPatch || !failedHead {
			t.Fatalf("the proxy failed PATCH %v, HEAD %v: the client never resumed", failedPatch, failedHead)
		}
		var created []string
		for _, r := range requests {
			if r.Method == http.MethodPost && r.Status == http.StatusCreated {
				created = append(created, r.URL)
			}
		}
		if len(created) != 2 {
			t.Fatalf("%d creations answered 201, want 2 (the first and the one after the 503)", len(created))
		}
		// One upload: the token's, which the client finished.
		tok, err := s.App.DB.Client.UploadToken.Query().
			Where(uploadtoken.VideoID(uuid.MustParse(videoID))).Only(apptest.System())
		if err != nil {
			t.Fatal(err)
		}
		if tok.UploadID == nil || !strings.HasSuffix(outcome.URL, "/"+*tok.UploadID) {
			t.Fatalf("the client finished %s; the token's upload is %v", outcome.URL, tok.UploadID)
		}
		v := s.WaitVideo(videoID, 2*time.Minute)
		if v.Status != "ready" || v.Size != int64(len(data)) {
			t.Fatalf("video %s (%s), size %d: want ready with %d bytes", v.Status, v.FailureReason, v.Size, len(data))
		}
	})
}
