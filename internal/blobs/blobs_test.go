package blobs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/blobdeletion"
	"github.com/vidra-dev/vidra/ent/storedobject"
	"github.com/vidra-dev/vidra/internal/blobs"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/usage"
)

func TestKeysAreLaidOutPerProject(t *testing.T) {
	project, video := uuid.New(), uuid.New()
	if got, want := blobs.ProjectPrefix(project), "projects/"+project.String()+"/"; got != want {
		t.Errorf("ProjectPrefix = %q, want %q", got, want)
	}
	vp := blobs.VideoPrefix(project, video)
	if want := blobs.ProjectPrefix(project) + "videos/" + video.String() + "/"; vp != want {
		t.Errorf("VideoPrefix = %q, want %q", vp, want)
	}
	a, b := blobs.NewKey(vp, ".vtt"), blobs.NewKey(vp, ".vtt")
	if a == b {
		t.Errorf("NewKey gave %q twice", a)
	}
	for _, k := range []string{a, b} {
		if !strings.HasPrefix(k, vp) || !strings.HasSuffix(k, ".vtt") {
			t.Errorf("NewKey = %q, want a key under %q ending in .vtt", k, vp)
		}
	}
	owed := blobs.Video(project, video)
	if len(owed) != 2 || owed[0] != (blobs.Owed{Key: vp, Prefix: true}) || owed[1] != blobs.Media(video) {
		t.Errorf("Video owes %+v, want its prefix and the media pipeline's", owed)
	}
	if m := blobs.Media(video); m.Key != jobs.VideoPrefix(video) || !m.Prefix {
		t.Errorf("Media = %+v, want the prefix %q", m, jobs.VideoPrefix(video))
	}
}

// store records a stored object of project under key.
func store(t *testing.T, ctx context.Context, c *ent.Client, org, project uuid.UUID, key string) {
	t.Helper()
	if err := usage.Store(ctx, c, usage.Object{Organization: org, Project: project, Key: key, Bytes: 100, At: time.Now()}); err != nil {
		t.Fatal(err)
	}
}

// TestScheduleDeletionsRecordsInTheCallersTransaction: on both databases, the
// owed blobs become deletion rows and their stored objects stop being billed
// in the caller's transaction; rolled back, nothing is owed or unstored; and
// another project's objects are left alone.
func TestScheduleDeletionsRecordsInTheCallersTransaction(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			db := testdb.Open(t, d)
			c := db.Client
			ctx := tenancy.SystemContext(context.Background(), "test: blob deletions")
			org := c.Organization.Create().SetName("Acme").SaveX(ctx)
			p := c.Project.Create().SetOrganization(org).SetName("p").SaveX(ctx)
			other := c.Project.Create().SetOrganization(org).SetName("other").SaveX(ctx)
			v := uuid.New()
			vp := blobs.VideoPrefix(p.ID, v)
			logo := blobs.NewKey(blobs.ProjectPrefix(p.ID)+"logo/", ".png")
			kept := blobs.NewKey(blobs.ProjectPrefix(p.ID)+"logo/", ".png")
			for _, k := range []string{vp + "caption.vtt", jobs.VideoPrefix(v) + "hls/index.m3u8", logo, kept} {
				store(t, ctx, c, org.ID, p.ID, k)
			}
			store(t, ctx, c, org.ID, other.ID, logo) // the same key in another project
			owed := append(blobs.Video(p.ID, v), blobs.Owed{Key: logo})

			unstored := func() map[string]bool {
				t.Helper()
				out := map[string]bool{}
				for _, o := range c.StoredObject.Query().Where(storedobject.DeletedAtNotNil()).AllX(ctx) {
					out[o.ProjectID.String()+" "+o.Key] = true
				}
				return out
			}

			// Rolled back: nothing recorded, everything still billed.
			tx, err := c.Tx(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := blobs.ScheduleDeletions(ctx, tx.Client(), p.ID, "video deleted", owed...); err != nil {
				t.Fatal(err)
			}
			if err := tx.Rollback(); err != nil {
				t.Fatal(err)
			}
			if n := c.BlobDeletion.Query().CountX(ctx); n != 0 {
				t.Fatalf("%d deletions owed after a rollback", n)
			}
			if u := unstored(); len(u) != 0 {
				t.Fatalf("unstored after a rollback: %v", u)
			}

			// Committed: one row per owed blob, the objects under them unstored.
			tx, err = c.Tx(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := blobs.ScheduleDeletions(ctx, tx.Client(), p.ID, "video deleted", owed...); err != nil {
				t.Fatal(err)
			}
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
			rows := c.BlobDeletion.Query().Order(blobdeletion.ByKey()).AllX(ctx)
			got := map[blobs.Owed]bool{}
			for _, r := range rows {
				if r.ProjectID == nil || *r.ProjectID != p.ID || r.Reason != "video deleted" {
					t.Errorf("deletion %+v: want project %s, reason %q", r, p.ID, "video deleted")
				}
				got[blobs.Owed{Key: r.Key, Prefix: r.Prefix}] = true
			}
			if len(rows) != len(owed) {
				t.Errorf("%d deletion rows, want %d", len(rows), len(owed))
			}
			for _, o := range owed {
				if !got[o] {
					t.Errorf("no deletion row for %+v", o)
				}
			}
			want := map[string]bool{
				p.ID.String() + " " + vp + "caption.vtt":                     true,
				p.ID.String() + " " + jobs.VideoPrefix(v) + "hls/index.m3u8": true,
				p.ID.String() + " " + logo:                                   true,
			}
			if u := unstored(); len(u) != len(want) {
				t.Errorf("unstored %v, want %v", u, want)
			} else {
				for k := range want {
					if !u[k] {
						t.Errorf("unstored %v, want %v", u, want)
						break
					}
				}
			}
		})
	}
}
