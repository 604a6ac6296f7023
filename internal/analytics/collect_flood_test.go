package analytics_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// send posts a beacon from an address and returns the status (0 and the
// error when the request failed), for use from several goroutines.
func send(s *apptest.Server, project string, b beacon, addr string) (int, error) {
	raw, err := json.Marshal(b)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequest(http.MethodPost, s.URL+"/collect/v1/"+project+"/events", bytes.NewReader(raw))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	req.Header.Set("User-Agent", desktopUA)
	req.Header.Set("X-Forwarded-For", addr)
	res, err := s.Client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	return res.StatusCode, nil
}

// flood sends n beacons from one address with 8 clients, project(i) naming
// the project of the i-th, and returns the count of each status. It signals
// beat (without waiting) every 200 requests.
func flood(t *testing.T, s *apptest.Server, n int, addr string, beat chan<- struct{}, project func(i int) (string, string)) map[int]int {
	t.Helper()
	var next atomic.Int64
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				if i%200 == 0 {
					select {
					case beat <- struct{}{}:
					default:
					}
				}
				p, video := project(i)
				b := beacon{V: 1, ViewID: uuid.NewString(), VideoID: video,
					Events: []ev{{0, "viewstart", time.Now().UnixMilli(), 0, "", false}}}
				st, err := send(s, p, b, addr)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				statuses[st]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return statuses
}

// TestCollectRejectFloodBounded: 10,000 beacons for made-up project ids from
// one address, then 10,000 for one real project from one address over its
// rate, while another tenant's player keeps sending: the refusals add no
// analytics_drops row per request (the made-up ids none at all: one counter,
// Stats().UnattributedDrops, exposed on /metrics as
// vidra_analytics_unattributed_drops_total; the real project one row per
// reason and hour), and they take no place in the writer's queue (64 entries here): the honest
// tenant gets no 503 and every one of its beacons is stored.
func TestCollectRejectFloodBounded(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		honest := s.CreateProject(org, "Honest")
		honestVideo := s.CreateVideo(honest, "", "Clip")
		target := s.CreateProject(s.CreateOrganization("Target"), "Flooded")
		targetVideo := s.CreateVideo(target, "", "Clip")
		const rejects = 10_000
		baseRows := s.SQLInt(`SELECT COUNT(*) FROM analytics_drops`)
		baseUnattributed := s.App.AnalyticsWriter().Stats().UnattributedDrops

		// The honest player: a beacon every 200 requests of the floods, each
		// from a new address.
		beat := make(chan struct{}, 1)
		honestStatuses := map[int]int{}
		var honestSent int
		var player sync.WaitGroup
		player.Add(1)
		go func() {
			defer player.Done()
			for range beat {
				b := beacon{V: 1, ViewID: uuid.NewString(), VideoID: honestVideo,
					Events: []ev{{0, "viewstart", time.Now().UnixMilli(), 0, "", false}}}
				st, err := send(s, honest, b, fmt.Sprintf("10.1.%d.%d", honestSent/250, honestSent%250+1))
				if err != nil {
					t.Error(err)
					return
				}
				honestStatuses[st]++
				honestSent++
			}
		}()

		random := flood(t, s, rejects, "192.0.2.1", beat, func(int) (string, string) { return uuid.NewString(), uuid.NewString() })
		s.FlushAnalytics()
		randomRows := s.SQLInt(`SELECT COUNT(*) FROM analytics_drops`) - baseRows
		// The collector knows the target project (a beacon of its player), as
		// it does any project whose player is live.
		if st, err := send(s, target, beacon{V: 1, ViewID: uuid.NewString(), VideoID: targetVideo,
			Events: []ev{{0, "viewstart", time.Now().UnixMilli(), 0, "", false}}}, "10.2.0.1"); err != nil || st != http.StatusNoContent {
			t.Fatalf("the target's player: %d %v", st, err)
		}
		real := flood(t, s, rejects, "192.0.2.2", beat, func(int) (string, string) { return target, targetVideo })
		close(beat)
		player.Wait()
		s.FlushAnalytics()
		rows := s.SQLInt(`SELECT COUNT(*) FROM analytics_drops`) - baseRows
		t.Logf("analytics_drops rows: +%d after %d beacons for random project ids (%v), +%d after %d more for one real project at its rate limit (%v)",
			randomRows, rejects, random, rows-randomRows, rejects, real)

		if random[http.StatusTooManyRequests]+random[http.StatusNotFound] != rejects {
			t.Fatalf("random project ids: statuses %v, want every one refused", random)
		}
		if randomRows != 0 {
			t.Errorf("%d analytics_drops rows for made-up project ids, want none", randomRows)
		}
		if n := s.App.AnalyticsWriter().Stats().UnattributedDrops - baseUnattributed; n != rejects {
			t.Errorf("unattributed drops = %d, want %d", n, rejects)
		}
		rec := httptest.NewRecorder()
		s.App.AdminHandler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
		if want := fmt.Sprintf("vidra_analytics_unattributed_drops_total %d\n", baseUnattributed+rejects); !strings.Contains(rec.Body.String(), want) {
			t.Errorf("/metrics (%d) does not show %q", rec.Code, want)
		}
		// The real project: one row per (reason, hour): two when the flood
		// crossed an hour.
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_drops WHERE project_id = ?`, target); rows > 2 || n != rows {
			t.Errorf("%d analytics_drops rows (%d of the flooded project) after the floods, want at most 2, all of it", rows, n)
		}
		if n := s.SQLInt(`SELECT COALESCE(SUM(count), 0) FROM analytics_drops WHERE project_id = ? AND reason = 'rate'`, target); n != real[http.StatusTooManyRequests] {
			t.Errorf("rate drops of the flooded project = %d, want %d (its 429s)", n, real[http.StatusTooManyRequests])
		}
		if honestStatuses[http.StatusNoContent] != honestSent || honestSent < 10 {
			t.Errorf("honest tenant's statuses %v during the floods, want all %d accepted", honestStatuses, honestSent)
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_views WHERE project_id = ?`, honest); n != honestSent {
			t.Errorf("%d honest views stored, want %d", n, honestSent)
		}
	}, apptest.Options{Env: map[string]string{"VIDRA_ANALYTICS_RATE_PER_IP": "1", "VIDRA_ANALYTICS_QUEUE": "64",
		"VIDRA_TRUSTED_PROXIES": "0.0.0.0/0"}})
}
