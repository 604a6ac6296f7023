package rest_test

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// liveContractCases are the contract cases of the live stream rows (issue 22).
var liveContractCases = []contractCase{
	{method: "GET", path: "/projects/{projId}/livestreams", query: "?sort=-created_at&status=idle&enabled=true",
		vars: map[string]any{"projId": "{projId}", "first": 50, "orderBy": map[string]any{"field": "CREATED_AT", "direction": "DESC"},
			"where": map[string]any{"statusIn": []any{"idle"}, "enabled": true}}},
	{method: "POST", path: "/projects/{projId}/livestreams", body: `{"name": "Studio", "latency_mode": "low", "reconnect_window_seconds": 30, "record": false}`,
		vars:      map[string]any{"projId": "{projId}", "input": map[string]any{"name": "Studio", "latencyMode": "low", "reconnectWindowSeconds": 30, "record": false}},
		wrongType: `["Studio"]`},
	{method: "GET", path: "/projects/{projId}/livestreams/{streamId}", vars: map[string]any{"projId": "{projId}", "streamId": "{streamId}"}},
	{method: "PUT", path: "/projects/{projId}/livestreams/{streamId}", body: `{"name": "Renamed", "max_duration_seconds": 3600, "transcode": true}`,
		vars:      map[string]any{"projId": "{projId}", "streamId": "{streamId}", "input": map[string]any{"name": "Renamed", "maxDurationSeconds": 3600, "transcode": true}},
		wrongType: `[3600]`},
	{method: "DELETE", path: "/projects/{projId}/livestreams/{streamId}", vars: map[string]any{"projId": "{projId}", "streamId": "{streamId}"}},
	{method: "PUT", path: "/projects/{projId}/livestreams/{streamId}/status", body: `{"action": "DISABLE"}`,
		vars: map[string]any{"projId": "{projId}", "streamId": "{streamId}", "action": "DISABLE"}, wrongType: `["DISABLE"]`},
	{method: "POST", path: "/projects/{projId}/livestreams/{streamId}/reset-key", vars: map[string]any{"projId": "{projId}", "streamId": "{streamId}"}},
	{method: "GET", path: "/projects/{projId}/livestreams/{streamId}/histories", query: "?sort=-started_at",
		vars: map[string]any{"projId": "{projId}", "streamId": "{streamId}", "first": 50, "orderBy": map[string]any{"field": "STARTED_AT", "direction": "DESC"}}},
	{method: "GET", path: "/projects/{projId}/livestreams/{streamId}/simulcast-targets", vars: map[string]any{"projId": "{projId}", "streamId": "{streamId}"}},
	{method: "POST", path: "/projects/{projId}/livestreams/{streamId}/simulcast-targets",
		body: `{"name": "YouTube", "url": "rtmp://a.rtmp.youtube.com/live2", "stream_key": "abcd-efgh-ijkl"}`,
		vars: map[string]any{"projId": "{projId}", "streamId": "{streamId}",
			"input": map[string]any{"name": "YouTube", "url": "rtmp://a.rtmp.youtube.com/live2", "streamKey": "abcd-efgh-ijkl"}},
		wrongType: `["YouTube"]`},
	{method: "PUT", path: "/projects/{projId}/livestreams/{streamId}/simulcast-targets/{targetId}", body: `{"enabled": false, "stream_key": "new-key-9876"}`,
		vars: map[string]any{"projId": "{projId}", "streamId": "{streamId}", "targetId": "{targetId}",
			"input": map[string]any{"enabled": false, "streamKey": "new-key-9876"}},
		wrongType: `[false]`},
	{method: "DELETE", path: "/projects/{projId}/livestreams/{streamId}/simulcast-targets/{targetId}",
		vars: map[string]any{"projId": "{projId}", "streamId": "{streamId}", "targetId": "{targetId}"}},
}

func init() {
	contractCases = append(contractCases, liveContractCases...)
	moreFixtures = append(moreFixtures, liveFixtures)
}

// liveFixtureStart is the start of the fixtures' ended live session.
var liveFixtureStart = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)

// liveFixtures adds, in the project and in the other one, a live stream with a
// simulcast target and one ended session (its history) recorded into the video.
func liveFixtures(s *apptest.Server, f fixtures) {
	for _, prefix := range []string{"", "other:"} {
		proj := f[prefix+"projId"]
		var c struct {
			CreateLiveStream struct{ LiveStream struct{ ID string } }
		}
		s.MustGraphQL(`mutation($p: ID!) { createLiveStream(projectID: $p, input: {name: "Main stage"}) { liveStream { id } } }`,
			map[string]any{"p": proj}, &c)
		stream := c.CreateLiveStream.LiveStream.ID
		f[prefix+"streamId"] = stream
		var t struct{ CreateLiveSimulcastTarget struct{ ID string } }
		s.MustGraphQL(`mutation($p: ID!, $s: ID!) { createLiveSimulcastTarget(projectID: $p, liveStreamID: $s,
			input: {name: "Twitch", url: "rtmp://live.twitch.tv/app", streamKey: "live_123_abc"}) { id } }`,
			map[string]any{"p": proj, "s": stream}, &t)
		f[prefix+"targetId"] = t.CreateLiveSimulcastTarget.ID
		// Sessions are written by the ingest node, never through the API.
		ctx := tenancy.SystemContext(context.Background(), "live session fixture")
		video := uuid.MustParse(f[prefix+"videoId"])
		sess, err := s.App.DB.Client.LiveSession.Create().
			SetLiveStreamID(uuid.MustParse(stream)).SetProjectID(uuid.MustParse(proj)).SetVideoID(video).
			SetNodeID("ingest-a").SetProtocol(livesession.ProtocolRtmp).SetRemoteAddr("203.0.113.7:50412").
			SetStartedAt(liveFixtureStart).SetEndedAt(liveFixtureStart.Add(47 * time.Minute)).
			SetEndReason(livesession.EndReasonPublisherClosed).SetReconnects(1).SetBytes(2_115_000_000).
			SetBitrateKbps(6000).SetFps(30).SetKeyframeIntervalSeconds(2).SetVideoCodec("h264").SetAudioCodec("aac").
			SetWidth(1920).SetHeight(1080).SetWarnings([]string{live.WarningKeyframeInterval}).
			SetSimulcast([]live.SimulcastState{{TargetID: uuid.MustParse(f[prefix+"targetId"]), URL: "rtmp://live.twitch.tv/app",
				State: live.SimulcastStopped, Bytes: 2_000_000_000}}).
			SetLastDataAt(liveFixtureStart.Add(47 * time.Minute)).
			Save(ctx)
		if err != nil {
			panic(err)
		}
		f[prefix+"liveSessionId"] = sess.ID.String()
	}
}
