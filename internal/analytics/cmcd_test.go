package analytics_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// cmcdLine is one CMCD v2 event-mode line as hls.js 1.7 encodes it (keys sorted,
// no whitespace, strings quoted, tokens bare, inner lists in parentheses).
func cmcdLine(video, sid string, sn int, e, sta string, ts int64, extra string) string {
	l := fmt.Sprintf(`br=(1200),cid="%s",e=%s,`, video, e)
	if extra != "" {
		l += extra + ","
	}
	l += fmt.Sprintf(`mtp=(25400),sf=h,sid="%s",sn=%d,st=v,`, sid, sn)
	if sta != "" {
		l += "sta=" + sta + ","
	}
	return l + fmt.Sprintf("ts=%d,v=2", ts)
}

func postCMCD(t *testing.T, s *apptest.Server, project, query, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/collect/v1/"+project+"/cmcd"+query, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/cmcd")
	req.Header.Set("User-Agent", desktopUA)
	req.Header.Set("Origin", "https://pages.example.com")
	res, err := s.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestCollectCMCD sends what hls.js sends with cmcd.eventTargets: play state
// changes and 30-second time-interval events in two POSTs (one resent): the
// view's watch time is the time in the playing state.
func TestCollectCMCD(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		project := s.CreateProject(s.CreateOrganization("Acme"), "CMCD")
		video := s.CreateVideo(project, "", "Clip")
		t0 := time.Now().Add(-time.Hour).UnixMilli()
		sid := "6d1f0a4e-2b1c-4c4e-9d55-0a1b2c3d4e5f"
		first := strings.Join([]string{
			cmcdLine(video, sid, 0, "ps", "d", t0, ""),
			cmcdLine(video, sid, 1, "t", "d", t0+1, ""),
			cmcdLine(video, sid, 2, "ps", "s", t0+100, ""),
			cmcdLine(video, sid, 3, "ps", "p", t0+700, ""),
			cmcdLine(video, sid, 4, "t", "p", t0+30_700, ""),
		}, "\n") + "\n"
		second := strings.Join([]string{
			cmcdLine(video, sid, 5, "ps", "r", t0+40_700, ""),
			cmcdLine(video, sid, 6, "ps", "p", t0+42_700, ""),
			cmcdLine(video, sid, 7, "ps", "a", t0+52_700, ""),
			cmcdLine(video, sid, 8, "rr", "a", t0+52_800, `rc=200,ttfb=12,url="https://cdn.example.com/seg_00001.ts"`),
			cmcdLine(video, sid, 9, "ps", "f", t0+60_000, ""),
			cmcdLine(video, sid, 10, "e", "f", t0+60_001, `ec=("fragLoadError")`),
		}, "\n") + "\n"
		for i, body := range []string{first, second, second} {
			if st, b := postCMCD(t, s, project, "?user_id=u-7", body); st != http.StatusNoContent {
				t.Fatalf("post %d: %d %s", i, st, b)
			}
			s.FlushAnalytics()
		}
		var watched, rebuffer, startup int64
		var errs int
		var fatal, user, software string
		err := s.App.DB.SQL.QueryRow(`SELECT watched_ms, rebuffer_ms, startup_ms, error_count, fatal_error_code, user_id, player_software
			FROM analytics_views WHERE session_id = `+placeholder(s), sid).Scan(&watched, &rebuffer, &startup, &errs, &fatal, &user, &software)
		if err != nil {
			t.Fatal(err)
		}
		if watched != 50_000 || rebuffer != 2_000 || startup != 700 || errs != 1 || fatal != "fragLoadError" || user != "u-7" || software != "cmcd" {
			t.Fatalf("view: watched %d rebuffer %d startup %d errors %d fatal %q user %q software %q",
				watched, rebuffer, startup, errs, fatal, user, software)
		}
		// rr is not stored; the rest once.
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_events e JOIN analytics_views v
			ON e.id >= v.ref * 1048576 AND e.id < (v.ref + 1) * 1048576 WHERE v.project_id = ?`, project); n != 10 {
			t.Fatalf("%d events stored, want 10", n)
		}
		for name, c := range map[string]struct {
			query, body string
			status      int
		}{
			"no video":      {"", `e=ps,sid="x",sn=0,sta=p,ts=` + fmt.Sprint(t0) + "\n", 400},
			"no sn":         {"", `cid="` + video + `",e=ps,sid="x",sta=p,ts=` + fmt.Sprint(t0) + "\n", 400},
			"bad syntax":    {"", `cid="` + video + `,e=ps` + "\n", 400},
			"unknown state": {"", cmcdLine(video, sid, 11, "ps", "z", t0, "") + "\n", 400},
		} {
			if st, b := postCMCD(t, s, project, c.query, c.body); st != c.status {
				t.Errorf("%s: %d %s, want %d", name, st, b, c.status)
			}
		}
	})
}
