package cluster_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/lib/pq" // PostgreSQL driver, to read River's jobs

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/cluster"
)

// chaosVideos is how many videos the chaos test uploads at least.
const chaosVideos = 6

// TestClusterSurvivesKills runs three API replicas and two workers of the real
// binary on one PostgreSQL and one S3-compatible server behind HAProxy (round
// robin, no stickiness), and drives uploads (each resumed after a cut-off
// PATCH, so its requests land on several replicas), transcodes and webhooks
// through it while one replica and one worker are killed with SIGKILL mid-way
// and restarted. Nothing may be lost: every upload completes, every video
// becomes ready and is announced ready once (one event, whatever the retries),
// no video is processed twice to completion, every event reaches the
// endpoint, every videoUpdated subscriber (connected
// through the proxy, reconnecting when its replica dies) sees its video ready,
// and the killed worker leaves no ffmpeg behind.
func TestClusterSurvivesKills(t *testing.T) {
	ctx := context.Background()
	c := startCluster(t, cluster.Options{Workers: 2,
		Env: []string{"VIDRA_ALLOW_PRIVATE_NETWORKS=true", "VIDRA_WEBHOOK_RETRY_BASE=200ms"}})
	data, err := os.ReadFile(clip.Make(t, 12, 640, 360, 25))
	if err != nil {
		t.Fatal(err)
	}

	rcv := newHookReceiver(t)
	api := apptest.Remote(t, c.URL)
	api.Token = api.SignUp(apptest.DefaultEmail, apptest.DefaultPassword, "Owner").AccessToken
	api.Client.Transport = &http.Transport{DisableKeepAlives: true} // every request is balanced anew
	proj := api.CreateProject(api.CreateOrganization("Cluster"), "Chaos")
	api.MustGraphQL(`mutation($p: ID!, $u: String!) { createWebhookEndpoint(projectID: $p, input: {url: $u}) { endpoint { id } } }`,
		map[string]any{"p": proj, "u": rcv.URL}, nil)

	var videos []string
	watch := newReadyWatch(api)
	upload := func() {
		token, id := api.UploadToken(proj, int64(len(data)))
		watch.follow(id)
		resumedUpload(t, api, token, data)
		videos = append(videos, id)
	}
	for range chaosVideos / 2 {
		upload()
	}
	// Kill a replica and the worker that is transcoding a video, mid-transcode.
	workerName := waitTranscoding(t, c, func() { upload() })
	worker := c.Process(workerName)
	killedAt := time.Now()
	for _, name := range []string{"r1", workerName} {
		if err := c.Kill(name); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(500 * time.Millisecond)
	if orphans := ffmpegUnder(t, worker); len(orphans) > 0 {
		t.Errorf("the killed worker left ffmpeg running: pids %v", orphans)
	}
	// Uploads go on through the proxy while they are down.
	for len(videos) < chaosVideos {
		upload()
	}
	for _, name := range []string{"r1", workerName} {
		if err := c.Restart(ctx, name); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range videos {
		if v := api.WaitVideo(id, 4*time.Minute); v.Status != "ready" {
			t.Fatalf("video %s: %s (%s)", id, v.Status, v.FailureReason)
		}
	}
	t.Logf("all %d videos ready %s after the kill", len(videos), time.Since(killedAt).Round(time.Second))
	rcv.expectEach(t, videos, []string{"video.created", "video.upload.completed", "video.ready"}, 2*time.Minute)
	watch.expectReady(t, videos, time.Minute)
	expectOneCompletedJobPerVideo(t, c.DatabaseURL)
}

// expectOneCompletedJobPerVideo checks that no video was processed twice to
// completion: one completed process_video job per video (a job reclaimed from
// the killed worker is the same job, run again from clean outputs).
func expectOneCompletedJobPerVideo(t *testing.T, databaseURL string) {
	t.Helper()
	db, err := sql.Open("postgres", databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT args->>'video_id', count(*) FROM river_job
		WHERE kind = 'process_video' AND state = 'completed' GROUP BY 1 HAVING count(*) > 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var video string
		var n int
		if err := rows.Scan(&video, &n); err != nil {
			t.Fatal(err)
		}
		t.Errorf("video %s was processed to completion %d times", video, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// readyWatch follows videos through videoUpdated subscriptions opened through
// the proxy, as a web client does: when its connection ends (its replica was
// killed) it connects again, and the subscription's first message is the
// video as it is then, so no state is missed.
type readyWatch struct {
	api   *apptest.Server
	mu    sync.Mutex
	ready map[string]bool
	// reconnects counts connections opened again after one ended.
	reconnects int
}

func newReadyWatch(api *apptest.Server) *readyWatch {
	return &readyWatch{api: api, ready: map[string]bool{}}
}

// follow subscribes to the video until it is seen ready.
func (w *readyWatch) follow(id string) {
	go func() {
		for attempt := 0; attempt < 50; attempt++ {
			if attempt > 0 {
				w.mu.Lock()
				w.reconnects++
				w.mu.Unlock()
				time.Sleep(200 * time.Millisecond)
			}
			c, _, err := w.api.DialWS(map[string]any{"Authorization": "Bearer " + w.api.Token})
			if err != nil {
				continue
			}
			payload, _ := json.Marshal(map[string]any{"query": `subscription($id: ID!) { videoUpdated(id: $id) { status } }`,
				"variables": map[string]any{"id": id}})
			if c.Send(apptest.WSMessage{ID: "v", Type: "subscribe", Payload: payload}) != nil {
				continue
			}
			for {
				m, err := c.Read(5 * time.Minute)
				if err != nil {
					break // the connection ended: connect again
				}
				var out struct{ VideoUpdated struct{ Status string } }
				if m.Type == "next" && m.Data(&out) == nil && out.VideoUpdated.Status == "ready" {
					w.mu.Lock()
					w.ready[id] = true
					w.mu.Unlock()
					c.Close()
					return
				}
			}
		}
	}()
}

// expectReady waits until every video was seen ready by its subscription.
func (w *readyWatch) expectReady(t *testing.T, videos []string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		w.mu.Lock()
		var missing []string
		for _, v := range videos {
			if !w.ready[v] {
				missing = append(missing, v)
			}
		}
		reconnects := w.reconnects
		w.mu.Unlock()
		if len(missing) == 0 {
			t.Logf("subscriptions saw every video ready (%d reconnects)", reconnects)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("subscriptions never saw these videos ready: %v", missing)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// resumedUpload creates a tus upload and sends it as a client on a bad network
// does: a PATCH cut off after the first half, then HEAD and the rest, every
// request on a new connection through the proxy.
func resumedUpload(t *testing.T, api *apptest.Server, token string, data []byte) {
	t.Helper()
	status, loc, body := api.TusCreate(token, int64(len(data)))
	if status != http.StatusCreated {
		t.Fatalf("tus POST: %d %s", status, body)
	}
	half := len(data) / 2
	_, _, _ = api.TusPatch(loc, 0, io.MultiReader(bytes.NewReader(data[:half]), failing{}))
	for attempt := 0; ; attempt++ {
		offset := api.TusOffset(loc)
		_, n, err := api.TusPatch(loc, offset, bytes.NewReader(data[offset:]))
		if err == nil && n == int64(len(data)) {
			return
		}
		if attempt == 5 {
			t.Fatalf("upload does not complete: offset %d: %v", n, err)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// failing is a request body that breaks, as a dropped connection does.
type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, fmt.Errorf("connection dropped") }

// waitTranscoding waits until a worker runs a process_video job and returns
// its name (w1, w2): River records the client that runs a job, whose id holds
// the process's pid (host_pid_random). On a fast machine the videos uploaded so
// far may all be ready already: more is uploaded meanwhile (more).
func waitTranscoding(t *testing.T, c *cluster.Cluster, more func()) string {
	t.Helper()
	db, err := sql.Open("postgres", c.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		var client string
		err := db.QueryRow(`SELECT attempted_by[array_length(attempted_by, 1)] FROM river_job
			WHERE kind = 'process_video' AND state = 'running' LIMIT 1`).Scan(&client)
		if err == nil {
			parts := strings.Split(client, "_")
			for _, name := range []string{"w1", "w2"} {
				if p := c.Process(name); len(parts) >= 3 && p != nil && parts[len(parts)-2] == strconv.Itoa(p.Pid()) {
					return name
				}
			}
		} else if !errors.Is(err, sql.ErrNoRows) {
			t.Fatal(err)
		} else {
			more()
			continue
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("no worker was seen transcoding")
	return ""
}

// ffmpegUnder lists running ffmpeg processes started by the (killed) process p:
// those whose command line names p's data directory.
func ffmpegUnder(t *testing.T, p *cluster.Process) []string {
	t.Helper()
	procs, _ := os.ReadDir("/proc")
	var found []string
	for _, e := range procs {
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil {
			continue
		}
		args := strings.Split(string(cmdline), "\x00")
		if len(args) > 0 && strings.HasSuffix(args[0], "ffmpeg") && strings.Contains(string(cmdline), p.DataDir()) {
			found = append(found, e.Name())
		}
	}
	return found
}

// hookReceiver is a webhook endpoint that records every delivery.
type hookReceiver struct {
	*httptest.Server
	mu sync.Mutex
	// byMessage counts deliveries per webhook-id; events keeps each message once.
	byMessage map[string]int
	events    map[string]hookEvent
}

// hookEvent is the part of a delivered event the test reads.
type hookEvent struct {
	Type string `json:"type"`
	Data struct {
		ID string `json:"id"`
	} `json:"data"`
}

func newHookReceiver(t *testing.T) *hookReceiver {
	r := &hookReceiver{byMessage: map[string]int{}, events: map[string]hookEvent{}}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		var ev hookEvent
		body, _ := io.ReadAll(req.Body)
		if err := json.Unmarshal(body, &ev); err != nil {
			http.Error(w, "bad body", http.StatusBadRequest)
			return
		}
		r.mu.Lock()
		id := req.Header.Get("webhook-id")
		r.byMessage[id]++
		r.events[id] = ev
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.Close)
	return r
}

// expectEach waits until every video has exactly one message of each type.
func (r *hookReceiver) expectEach(t *testing.T, videos, types []string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		r.mu.Lock()
		count := map[string]int{}
		for _, ev := range r.events {
			count[ev.Data.ID+" "+ev.Type]++
		}
		r.mu.Unlock()
		var missing, twice []string
		for _, v := range videos {
			for _, typ := range types {
				switch n := count[v+" "+typ]; {
				case n == 0:
					missing = append(missing, v+" "+typ)
				case n > 1:
					twice = append(twice, fmt.Sprintf("%s %s x%d", v, typ, n))
				}
			}
		}
		if len(twice) > 0 {
			t.Fatalf("events announced more than once (distinct webhook-ids): %v", twice)
		}
		if len(missing) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("events never delivered: %v", missing)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
