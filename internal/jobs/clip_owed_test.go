package jobs

import (
	"context"
	"slices"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// TestOwedClipsWaitForTheirVideo: the sweeper queues the cut of a clip whose
// video is ready, failed or gone, and leaves those whose video is still
// uploading or processing to wait.
func TestOwedClipsWaitForTheirVideo(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			org := c.Organization.Create().SetName("Org").SaveX(ctx)
			proj := c.Project.Create().SetOrganizationID(org.ID).SetName("P").SaveX(ctx)
			// Videos in each state, made directly (the lifecycle's moves are
			// tested in its package).
			marked := videolifecycle.ForTest(ctx)
			parent := func(st video.Status) uuid.UUID {
				return c.Video.Create().SetProjectID(proj.ID).SetTitle(string(st)).SetStatus(st).SaveX(marked).ID
			}
			clipOf := func(of uuid.UUID) uuid.UUID {
				return c.Video.Create().SetProjectID(proj.ID).SetTitle("clip").SetStatus(video.StatusUploading).
					SetClipSourceID(of).SetClipStart(1).SetClipEnd(2).SaveX(marked).ID
			}
			ofReady, ofFailed, ofGone := clipOf(parent(video.StatusReady)), clipOf(parent(video.StatusFailed)), clipOf(uuid.New())
			clipOf(parent(video.StatusProcessing))
			clipOf(parent(video.StatusUploading))
			p := &Pipeline{Client: c}
			owed, err := p.owedClips(ctx)
			if err != nil {
				t.Fatal(err)
			}
			want := []uuid.UUID{ofReady, ofFailed, ofGone}
			slices.SortFunc(owed, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
			slices.SortFunc(want, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
			if !slices.Equal(owed, want) {
				t.Fatalf("owed clips = %v, want those of the ready, failed and gone videos %v", owed, want)
			}
		})
	}
}
