package analytics_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestCollectHostileTextAmidHonestBeacons: beacons whose user_id, session_id
// or player_software hold a NUL byte or invalid UTF-8 (which PostgreSQL
// refuses, failing the writer's whole transaction) are refused with 400 at the
// door, while another tenant's honest beacons, sent in the same writer window,
// are all accepted and stored.
func TestCollectHostileTextAmidHonestBeacons(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		hostileProject := s.CreateProject(s.CreateOrganization("Mallory"), "Probe")
		hostileVideo := s.CreateVideo(hostileProject, "", "Bait")
		honestProject := s.CreateProject(s.CreateOrganization("Acme"), "Honest")
		honestVideo := s.CreateVideo(honestProject, "", "Clip")
		now := time.Now().UnixMilli()
		events := fmt.Sprintf(`[{"seq":0,"e":"viewstart","t":%d,"pt":0},{"seq":1,"e":"playing","t":%d,"pt":0}]`, now-1000, now-500)
		hostile := func(field, value string) []byte {
			return []byte(fmt.Sprintf(`{"v":1,"view_id":%q,"session_id":"s","video_id":%q,%q:"%s","events":%s}`,
				uuid.NewString(), hostileVideo, field, value, events))
		}
		// (Invalid UTF-8 in a JSON string is replaced by U+FFFD when decoded;
		// CMCD's strings are taken as sent: see below.)
		var bodies [][]byte
		for _, field := range []string{"user_id", "session_id", "player_software"} {
			bodies = append(bodies, hostile(field, `u\u0000x`), hostile(field, `\u0000`), hostile(field, `u\u001bx`))
		}
		const honestViews = 40
		honest := make([]string, honestViews)
		for i := range honest {
			honest[i] = uuid.NewString()
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		var failures []string
		report := func(format string, a ...any) {
			mu.Lock()
			defer mu.Unlock()
			failures = append(failures, fmt.Sprintf(format, a...))
		}
		// The honest beacons and the hostile ones arrive together, within one
		// writer window (250 ms), from distinct addresses.
		for i, id := range honest {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b := beacon{V: 1, ViewID: id, SessionID: "s-" + id, VideoID: honestVideo, UserID: "viewer-" + id[:8],
					Events: []ev{{0, "viewstart", now - 1000, 0, "", false}, {1, "playing", now - 500, 0, "", false}}}
				h := http.Header{"X-Forwarded-For": {fmt.Sprintf("203.0.113.%d", i+1)}}
				if st, _, body := post(t, s, honestProject, b, h); st != http.StatusNoContent {
					report("honest beacon %d: %d %s", i, st, body)
				}
			}()
		}
		for i, body := range bodies {
			wg.Add(1)
			go func() {
				defer wg.Done()
				h := http.Header{"X-Forwarded-For": {fmt.Sprintf("198.51.100.%d", i+1)}}
				st, _, resp := post(t, s, hostileProject, body, h)
				if st != http.StatusBadRequest || !strings.Contains(resp, "without control characters") {
					report("hostile beacon %d (%q): %d %s, want 400 naming the field", i, body, st, resp)
				}
			}()
		}
		wg.Wait()
		for _, f := range failures {
			t.Error(f)
		}
		// CMCD: a sid with NUL or invalid UTF-8, a ?user_id= with NUL.
		cmcd := func(sid string) string {
			return cmcdLine(hostileVideo, sid, 0, "ps", "p", now-500, "") + "\n"
		}
		for i, c := range []struct{ query, body string }{
			{"", cmcd("a\x00b")}, {"", cmcd("a\xff\xfeb")}, {"?user_id=u%00x", cmcd("sid-1")},
		} {
			if st, body := postCMCD(t, s, hostileProject, c.query, c.body); st != http.StatusBadRequest ||
				!strings.Contains(body, "without control characters") {
				t.Errorf("hostile CMCD report %d: %d %s, want 400 naming the field", i, st, body)
			}
		}
		s.FlushAnalytics()
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_views WHERE project_id = ?`, honestProject); n != honestViews {
			t.Errorf("%d honest views stored, want %d (every one)", n, honestViews)
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_views WHERE project_id = ?`, hostileProject); n != 0 {
			t.Errorf("%d hostile views stored, want 0", n)
		}
		if st := s.App.AnalyticsWriter().Stats(); st.Lost != 0 {
			t.Errorf("the writer lost %d entries", st.Lost)
		}
		// The refusals are counted as bad events of the hostile project.
		if n := s.SQLInt(`SELECT COALESCE(SUM(count), 0) FROM analytics_drops WHERE project_id = ? AND reason = 'bad_event'`, hostileProject); n != len(bodies)+3 {
			t.Errorf("bad_event drops = %d, want %d", n, len(bodies)+3)
		}
	}, apptest.Options{Env: map[string]string{"VIDRA_TRUSTED_PROXIES": "127.0.0.0/8"}})
}
