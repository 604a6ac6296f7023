package jobs

import (
	"context"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent/staticrendition"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestOweStaticRenditionsOfADeletedProject: a video made ready after its
// project was deleted owes no defaults and does not fail; one of a live
// project gets the project's defaults.
func TestOweStaticRenditionsOfADeletedProject(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			org := c.Organization.Create().SetName("Org").SaveX(ctx)
			proj := c.Project.Create().SetOrganizationID(org.ID).SetName("P").
				SetStaticRenditions([]string{"highest"}).SaveX(ctx)
			kept := c.Video.Create().SetProjectID(proj.ID).SetTitle("kept").SaveX(ctx)
			if err := oweStaticRenditions(ctx, c, kept); err != nil {
				t.Fatalf("owe of a live project's video: %v", err)
			}
			if n := c.StaticRendition.Query().Where(staticrendition.VideoID(kept.ID)).CountX(ctx); n != 1 {
				t.Fatalf("a live project's video owes %d static renditions, want 1", n)
			}
			orphan := c.Video.Create().SetProjectID(proj.ID).SetTitle("orphan").SaveX(ctx)
			c.Project.UpdateOneID(proj.ID).SetDeletedAt(time.Now()).ExecX(ctx)
			if err := oweStaticRenditions(ctx, c, orphan); err != nil {
				t.Fatalf("owe of a deleted project's video: %v", err)
			}
			if n := c.StaticRendition.Query().Where(staticrendition.VideoID(orphan.ID)).CountX(ctx); n != 0 {
				t.Fatalf("a deleted project's video owes %d static renditions, want 0", n)
			}
		})
	}
}
