package app_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/jobprocess"
	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/auth"
)

// lockedLog keeps the server's log lines for assertions.
type lockedLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// busyMarks are what SQLite's busy timeout running out looks like.
var busyMarks = []string{"SQLITE_BUSY", "database is locked"}

func hasBusy(s string) bool {
	for _, m := range busyMarks {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// writeCall is one write of the server's write paths.
type writeCall struct{ name, method, path, body, token string }

// callAll sends the calls at once (goroutines: no t.Fatal there) and returns
// one line per call that did not answer 200, or that mentions a busy database.
func callAll(ctx context.Context, s *apptest.Server, calls []writeCall) []string {
	var (
		mu   sync.Mutex
		bad  []string
		wait sync.WaitGroup
	)
	for _, c := range calls {
		wait.Go(func() {
			req, err := http.NewRequestWithContext(ctx, c.method, s.URL+c.path, strings.NewReader(c.body))
			if err == nil {
				req.Header.Set("Content-Type", "application/json")
				if c.token != "" {
					req.Header.Set("Authorization", "Bearer "+c.token)
				}
				var res *http.Response
				if res, err = s.Client.Do(req); err == nil {
					raw, _ := io.ReadAll(res.Body)
					_ = res.Body.Close()
					if res.StatusCode != http.StatusOK || hasBusy(string(raw)) {
						err = fmt.Errorf("%d %s", res.StatusCode, raw)
					}
				}
			}
			if err != nil {
				mu.Lock()
				bad = append(bad, c.name+": "+err.Error())
				mu.Unlock()
			}
		})
	}
	wait.Wait()
	return bad
}

// TestSQLiteWritePathsNeverHitTheBusyTimeout runs the server's write paths at
// once on the embedded SQLite database, where one writer holds the lock at a
// time: logins, registrations, API key creation, playback tokens (POST
// /v1/key), video creation and the job queue's process heartbeat (every 20
// ms). None may wait out the busy timeout: no response fails and the server
// logs no SQLITE_BUSY ("database is locked"), the heartbeat included.
//
// First, with a login parked mid-hash, every other write path must complete:
// the 16 s stall of issue 43 was logins hashing inside the mutation's
// transaction (BEGIN IMMEDIATE: SQLite's write lock), so everything else queued
// behind argon2id until the 10 s busy timeout gave up on the heartbeat.
// Then a real burst (unparked hashing) runs beside the same writes.
func TestSQLiteWritePathsNeverHitTheBusyTimeout(t *testing.T) {
	logs := &lockedLog{}
	park := apptest.NewHashPark()
	unlimited := graph.DefaultAuthLimits
	unlimited.LoginPerIP, unlimited.LoginPerAccount, unlimited.RegisterPerIP, unlimited.RegisterPerAccount =
		auth.Limit{}, auth.Limit{}, auth.Limit{}, auth.Limit{}
	s := apptest.New(t, "sqlite3", apptest.Options{
		Log: logs, AuthLimits: unlimited, PasswordHashing: auth.Hashing{Hold: park.Hold, Wait: time.Minute},
		Env: map[string]string{"VIDRA_PROCESS_HEARTBEAT": "20ms", "VIDRA_PROCESS_EXPIRY": "10s"},
	})
	org := s.CreateOrganization("writes")
	project := s.CreateProject(org, "writes")
	video := s.CreateVideo(project, "", "played")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	future := time.Now().Add(time.Hour).UTC().Format(time.RFC3339)
	login := `{"email": "` + apptest.DefaultEmail + `", "password": "` + apptest.DefaultPassword + `"}`
	writes := func(round, n int) []writeCall {
		var calls []writeCall
		for i := range n {
			calls = append(calls,
				writeCall{"API key", "POST", "/v1/api-keys", fmt.Sprintf(`{"name": "k%d-%d", "origin": "https://app.example.test", "permissions": [], "expires_at": "%s"}`, round, i, future), s.Token},
				writeCall{"playback token", "POST", "/v1/key", `{"video_id": "` + video + `", "project_id": "` + project + `", "expires_in": 600}`, s.Token},
				writeCall{"video", "POST", "/v1/projects/" + project + "/videos", fmt.Sprintf(`{"title": "v%d-%d"}`, round, i), s.Token},
			)
		}
		return calls
	}
	heartbeat := func() time.Time {
		p, err := s.App.DB.Client.JobProcess.Query().Order(ent.Desc(jobprocess.FieldHeartbeatAt)).First(apptest.System())
		if err != nil {
			t.Fatalf("read the heartbeat: %v", err)
		}
		return p.HeartbeatAt
	}

	// A login parked mid-hash holds nothing: every other write path goes on.
	park.Arm()
	parked := make(chan []string, 1)
	go func() { parked <- callAll(ctx, s, []writeCall{{"parked login", "POST", "/v1/auth/login", login, ""}}) }()
	park.WaitParked(t, 1)
	if bad := callAll(ctx, s, writes(0, 2)); len(bad) > 0 {
		t.Errorf("writes while a login hashes:\n%s", strings.Join(bad, "\n"))
	}
	since := heartbeat()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for !heartbeat().After(since) {
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("the process heartbeat did not advance while a login hashed")
		}
	}
	park.Release()
	if bad := <-parked; len(bad) > 0 {
		t.Errorf("the parked login: %v", bad)
	}

	// A real burst: logins and registrations hashing beside the other writes.
	before := heartbeat()
	var calls []writeCall
	for i := range 24 {
		calls = append(calls, writeCall{"login", "POST", "/v1/auth/login", login, ""})
		if i%4 == 0 {
			calls = append(calls, writeCall{"register", "POST", "/v1/auth/register",
				fmt.Sprintf(`{"email": "burst%d@example.test", "password": "a long enough passphrase %d", "name": "B"}`, i, i), ""})
		}
	}
	if bad := callAll(ctx, s, append(calls, writes(1, 6)...)); len(bad) > 0 {
		t.Errorf("writes during a sign-in burst:\n%s", strings.Join(bad, "\n"))
	}
	if !heartbeat().After(before) {
		t.Errorf("the process heartbeat did not advance during the burst")
	}
	if hasBusy(logs.String()) {
		t.Errorf("the server hit SQLite's busy timeout:\n%s", logs.String())
	}
}
