package graph_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/changefeed"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

const createLiveStream = `mutation($p: ID!, $in: CreateLiveStreamInput!) {
  createLiveStream(projectID: $p, input: $in) {
    liveStream { id name status enabled keyLast4 latencyMode reconnectWindowSeconds maxDurationSeconds record transcode ingest { rtmpURL rtmpsURL srtURL } }
    streamKey rtmpPublishURL rtmpsPublishURL srtPublishURL
  }
}`

// liveStreamWithKey is the answer of createLiveStream and resetLiveStreamKey.
type liveStreamWithKey struct {
	LiveStream struct {
		ID, Name, Status, KeyLast4, LatencyMode    string
		Enabled, Record, Transcode                 bool
		ReconnectWindowSeconds, MaxDurationSeconds int
		Ingest                                     struct{ RtmpURL, RtmpsURL, SrtURL *string }
	}
	StreamKey, RtmpPublishURL string
	RtmpsPublishURL           *string
	SrtPublishURL             *string
}

// TestLiveStreamLifecycle creates a stream (its key shown once and stored
// hashed), resets its key, disables and enables it, checks the events each
// change records and the changefeed notices the ingest nodes follow, then
// deletes it: its history goes, its recording stays.
func TestLiveStreamLifecycle(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		notices := s.App.Changes.Subscribe(func(n changefeed.Notice) bool { return n.Kind == changefeed.KindLiveStream })
		defer notices.Close()

		var out struct{ CreateLiveStream liveStreamWithKey }
		s.MustGraphQL(createLiveStream, map[string]any{"p": proj, "in": map[string]any{"name": "Main stage"}}, &out)
		c := out.CreateLiveStream
		st := c.LiveStream
		if st.Status != "idle" || !st.Enabled || st.LatencyMode != "standard" || st.ReconnectWindowSeconds != 60 ||
			st.MaxDurationSeconds != 43200 || !st.Record || st.Transcode {
			t.Fatalf("defaults = %+v", st)
		}
		if !strings.HasPrefix(c.StreamKey, livekey.Prefix) || st.KeyLast4 != c.StreamKey[len(c.StreamKey)-4:] {
			t.Fatalf("key %q, last4 %q", c.StreamKey, st.KeyLast4)
		}
		if c.RtmpPublishURL != *st.Ingest.RtmpURL+"/"+c.StreamKey || c.RtmpsPublishURL != nil || c.SrtPublishURL == nil ||
			!strings.HasSuffix(*c.SrtPublishURL, "?streamid=publish:"+c.StreamKey) {
			t.Fatalf("publish URLs %q %v %v (ingest %+v)", c.RtmpPublishURL, c.RtmpsPublishURL, c.SrtPublishURL, st.Ingest)
		}
		// The key is stored as its sha256 only.
		if n := sqlInt(t, s, "SELECT count(*) FROM live_streams WHERE id = ? AND key_hash = ?", st.ID, livekey.Hash(c.StreamKey)); n != 1 {
			t.Fatal("key_hash is not the key's sha256")
		}
		waitNotice(t, notices, st.ID, false)

		// A read never shows the key again.
		res := s.GraphQL(`query($p: ID!, $id: ID!) { liveStream(projectID: $p, id: $id) { streamKey } }`, map[string]any{"p": proj, "id": st.ID})
		if len(res.Errors) == 0 {
			t.Fatal("liveStream has a streamKey field")
		}

		var reset struct{ ResetLiveStreamKey liveStreamWithKey }
		s.MustGraphQL(`mutation($p: ID!, $id: ID!) { resetLiveStreamKey(projectID: $p, id: $id) { liveStream { id keyLast4 } streamKey rtmpPublishURL } }`,
			map[string]any{"p": proj, "id": st.ID}, &reset)
		if reset.ResetLiveStreamKey.StreamKey == c.StreamKey ||
			sqlInt(t, s, "SELECT count(*) FROM live_streams WHERE key_hash = ?", livekey.Hash(c.StreamKey)) != 0 ||
			sqlInt(t, s, "SELECT count(*) FROM live_streams WHERE key_hash = ?", livekey.Hash(reset.ResetLiveStreamKey.StreamKey)) != 1 {
			t.Fatal("the key reset kept the old key")
		}
		waitNotice(t, notices, st.ID, false)

		status := `mutation($p: ID!, $id: ID!, $a: LiveStreamAction!) { updateLiveStreamStatus(projectID: $p, id: $id, action: $a) { status enabled } }`
		var upd struct {
			UpdateLiveStreamStatus struct {
				Status  string
				Enabled bool
			}
		}
		s.MustGraphQL(status, map[string]any{"p": proj, "id": st.ID, "a": "DISABLE"}, &upd)
		if upd.UpdateLiveStreamStatus.Status != "disabled" || upd.UpdateLiveStreamStatus.Enabled {
			t.Fatalf("disabled = %+v", upd)
		}
		waitNotice(t, notices, st.ID, false)
		// Disabling again changes and records nothing.
		s.MustGraphQL(status, map[string]any{"p": proj, "id": st.ID, "a": "DISABLE"}, &upd)
		s.MustGraphQL(status, map[string]any{"p": proj, "id": st.ID, "a": "ENABLE"}, &upd)
		if upd.UpdateLiveStreamStatus.Status != "idle" || !upd.UpdateLiveStreamStatus.Enabled {
			t.Fatalf("enabled = %+v", upd)
		}
		// COMPLETE needs a session in progress.
		if code := s.ErrorCode(status, map[string]any{"p": proj, "id": st.ID, "a": "COMPLETE"}); code != "CONFLICT" {
			t.Fatalf("COMPLETE without a session: %s", code)
		}
		for typ, want := range map[string]int{"livestream.created": 1, "livestream.key_reset": 1, "livestream.disabled": 1, "livestream.enabled": 1, "livestream.updated": 0} {
			if n := sqlInt(t, s, "SELECT count(*) FROM events WHERE project_id = ? AND type = ?", proj, typ); n != want {
				t.Errorf("%s events = %d, want %d", typ, n, want)
			}
		}

		// A session in progress with its recording: COMPLETE asks the ingest to end it.
		video := s.CreateVideo(proj, "", "Live recording")
		ctx := tenancy.SystemContext(context.Background(), "test ingest")
		sess, err := s.App.DB.Client.LiveSession.Create().SetLiveStreamID(uuid.MustParse(st.ID)).SetProjectID(uuid.MustParse(proj)).
			SetVideoID(uuid.MustParse(video)).SetProtocol(livesession.ProtocolSrt).SetNodeID("n1").Save(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.App.DB.Client.LiveStream.UpdateOneID(uuid.MustParse(st.ID)).SetStatus("active").SetCurrentSessionID(sess.ID).Exec(streamlifecycle.ForTest(ctx)); err != nil {
			t.Fatal(err)
		}
		var cur struct {
			LiveStream struct{ CurrentSession struct{ ID, Protocol string } }
		}
		s.MustGraphQL(`query($p: ID!, $id: ID!) { liveStream(projectID: $p, id: $id) { currentSession { id protocol } } }`, map[string]any{"p": proj, "id": st.ID}, &cur)
		if cur.LiveStream.CurrentSession.ID != sess.ID.String() || cur.LiveStream.CurrentSession.Protocol != "srt" {
			t.Fatalf("current session = %+v", cur)
		}
		s.MustGraphQL(status, map[string]any{"p": proj, "id": st.ID, "a": "COMPLETE"}, &upd)
		if n := sqlInt(t, s, "SELECT count(*) FROM live_streams WHERE id = ? AND complete_requested_at IS NOT NULL", st.ID); n != 1 {
			t.Fatal("COMPLETE did not ask the ingest to end the session")
		}

		var hist struct {
			LiveStreamSessions struct {
				Edges []struct{ Node struct{ ID, VideoID string } }
			}
		}
		s.MustGraphQL(`query($p: ID!, $id: ID!) { liveStreamSessions(projectID: $p, liveStreamID: $id, first: 10) { edges { node { id videoID } } } }`,
			map[string]any{"p": proj, "id": st.ID}, &hist)
		if len(hist.LiveStreamSessions.Edges) != 1 || hist.LiveStreamSessions.Edges[0].Node.VideoID != video {
			t.Fatalf("histories = %+v", hist)
		}

		var del struct{ DeleteLiveStream string }
		s.MustGraphQL(`mutation($p: ID!, $id: ID!) { deleteLiveStream(projectID: $p, id: $id) }`, map[string]any{"p": proj, "id": st.ID}, &del)
		waitNotice(t, notices, st.ID, true)
		if sqlInt(t, s, "SELECT count(*) FROM live_sessions WHERE live_stream_id = ?", st.ID) != 0 ||
			sqlInt(t, s, "SELECT count(*) FROM videos WHERE id = ?", video) != 1 {
			t.Fatal("delete did not take the history and keep the recording")
		}
		if code := s.ErrorCode(`query($p: ID!, $id: ID!) { liveStream(projectID: $p, id: $id) { id } }`, map[string]any{"p": proj, "id": st.ID}); code != "NOT_FOUND" {
			t.Fatalf("deleted stream: %s", code)
		}
	})
}

// waitNotice waits for a live stream notice about id.
func waitNotice(t *testing.T, sub *changefeed.Subscription, id string, deleted bool) {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case n := <-sub.C:
			if n.ID.String() == id && n.Deleted == deleted {
				return
			}
		case <-timeout:
			t.Fatalf("no live stream notice about %s (deleted %v)", id, deleted)
		}
	}
}

// TestLiveStreamInputRules checks the limits: reconnect window, maximum
// duration, simulcast URLs and the number of simulcast targets.
func TestLiveStreamInputRules(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		for _, in := range []map[string]any{
			{"name": ""},
			{"name": "x", "reconnectWindowSeconds": 1801},
			{"name": "x", "reconnectWindowSeconds": -1},
			{"name": "x", "maxDurationSeconds": 10},
		} {
			if code := s.ErrorCode(createLiveStream, map[string]any{"p": proj, "in": in}); code != "INVALID_INPUT" {
				t.Errorf("create %v: %s, want INVALID_INPUT", in, code)
			}
		}
		var out struct{ CreateLiveStream liveStreamWithKey }
		s.MustGraphQL(createLiveStream, map[string]any{"p": proj, "in": map[string]any{"name": "x", "reconnectWindowSeconds": 0, "latencyMode": "low"}}, &out)
		stream := out.CreateLiveStream.LiveStream.ID
		create := `mutation($p: ID!, $s: ID!, $in: CreateLiveSimulcastTargetInput!) { createLiveSimulcastTarget(projectID: $p, liveStreamID: $s, input: $in) { id url streamKeyLast4 } }`
		for _, bad := range []string{"http://example.com/live", "srt://example.com:6000", "rtmp://u:p@example.com/app", "rtmp:///app"} {
			if code := s.ErrorCode(create, map[string]any{"p": proj, "s": stream, "in": map[string]any{"name": "t", "url": bad, "streamKey": "k"}}); code != "INVALID_INPUT" {
				t.Errorf("target URL %q: %s, want INVALID_INPUT", bad, code)
			}
		}
		var tgt struct {
			CreateLiveSimulcastTarget struct{ ID, URL, StreamKeyLast4 string }
		}
		for i := range 5 {
			s.MustGraphQL(create, map[string]any{"p": proj, "s": stream, "in": map[string]any{"name": "t", "url": "rtmps://live.example.com:443/app", "streamKey": "secret-key-" + string(rune('a'+i))}}, &tgt)
		}
		if tgt.CreateLiveSimulcastTarget.StreamKeyLast4 != "ey-e" {
			t.Fatalf("last4 = %q", tgt.CreateLiveSimulcastTarget.StreamKeyLast4)
		}
		if code := s.ErrorCode(create, map[string]any{"p": proj, "s": stream, "in": map[string]any{"name": "sixth", "url": "rtmp://x.example.com/app", "streamKey": "k"}}); code != "CONFLICT" {
			t.Fatalf("sixth target: %s, want CONFLICT", code)
		}
		// Another project's stream is not found through this project.
		other := siblingProject(s, proj, "O")
		if code := s.ErrorCode(`query($p: ID!, $s: ID!) { liveSimulcastTargets(projectID: $p, liveStreamID: $s) { id } }`, map[string]any{"p": other, "s": stream}); code != "NOT_FOUND" {
			t.Fatalf("cross-project targets: %s", code)
		}
	})
}
