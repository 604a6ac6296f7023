package app_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// TestEmbedPageLiveVideo: a live session's video (status live) gets the
// player's page, playing its master (which names the live playlist), with no
// poster (it has no thumbnail yet: poster.jpg would answer 404); a video
// still processing is refused as before.
func TestEmbedPageLiveVideo(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Live org"), "Live")
		id := s.CreateVideo(proj, "", "Keynote")
		ctx := tenancy.SystemContext(context.Background(), "test fixture")
		if err := s.App.DB.Client.Video.UpdateOneID(uuid.MustParse(id)).SetStatus("live").Exec(videolifecycle.ForTest(ctx)); err != nil {
			t.Fatal(err)
		}
		st, _, body := embed(t, s, "/embed/"+id, nil)
		if st != http.StatusOK {
			t.Fatalf("page of a live video = %d %s", st, body)
		}
		cfg := pageConfig(t, body)
		if cfg["src"] != "/v1/play/"+id+"/master.m3u8" || cfg["poster"] != "" {
			t.Errorf("config of a live video: src %v, poster %v", cfg["src"], cfg["poster"])
		}
		other := s.CreateVideo(proj, "", "Upload")
		if st, _, body := embed(t, s, "/embed/"+other, nil); st != http.StatusConflict || !strings.Contains(body, "not ready") {
			t.Errorf("page of a video not ready = %d %s", st, body)
		}
	})
}
