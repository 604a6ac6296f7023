package rest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
)

// TestLiveStreamPlaybackURL: a live stream's object carries playback_url, the
// master playlist of the session in progress (its video's /v1/play URL), and
// null when no session is in progress; GraphQL's playbackURL is the same.
func TestLiveStreamPlaybackURL(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Live org"), "Live")
		var c struct {
			CreateLiveStream struct{ LiveStream struct{ ID string } }
		}
		s.MustGraphQL(`mutation($p: ID!) { createLiveStream(projectID: $p, input: {name: "Main stage"}) { liveStream { id } } }`,
			map[string]any{"p": proj}, &c)
		stream := c.CreateLiveStream.LiveStream.ID
		path := "/v1/projects/" + proj + "/livestreams/" + stream
		read := func() (rest *string, gql *string) {
			t.Helper()
			code, env := s.REST("GET", path, "")
			if code != http.StatusOK {
				t.Fatalf("GET %s: %d %+v", path, code, env.Errors)
			}
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(env.Result, &obj); err != nil {
				t.Fatal(err)
			}
			raw, ok := obj["playback_url"]
			if !ok {
				t.Fatalf("no playback_url in %s", env.Result)
			}
			_ = json.Unmarshal(raw, &rest)
			var q struct{ LiveStream struct{ PlaybackURL *string } }
			s.MustGraphQL(`query($p: ID!, $id: ID!) { liveStream(projectID: $p, id: $id) { playbackURL } }`,
				map[string]any{"p": proj, "id": stream}, &q)
			return rest, q.LiveStream.PlaybackURL
		}
		if r, g := read(); r != nil || g != nil {
			t.Fatalf("idle stream: playback_url %v, playbackURL %v, want null", r, g)
		}
		video := s.CreateVideo(proj, "", "Live recording")
		ctx := apptest.System()
		sess := s.App.DB.Client.LiveSession.Create().SetLiveStreamID(uuid.MustParse(stream)).SetProjectID(uuid.MustParse(proj)).
			SetVideoID(uuid.MustParse(video)).SetProtocol(livesession.ProtocolRtmp).SetNodeID("n1").SaveX(ctx)
		s.App.DB.Client.LiveStream.UpdateOneID(uuid.MustParse(stream)).SetCurrentSessionID(sess.ID).SetStatus("active").ExecX(streamlifecycle.ForTest(ctx))
		r, g := read()
		if r == nil || g == nil || *r != *g || !strings.HasSuffix(*r, "/v1/play/"+video+"/master.m3u8") || !strings.HasPrefix(*r, "http") {
			t.Fatalf("active stream: playback_url %v, playbackURL %v, want the absolute URL of /v1/play/%s/master.m3u8", r, g, video)
		}
	})
}
