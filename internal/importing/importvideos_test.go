package importing_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/importitem"
	"github.com/vidra-dev/vidra/ent/importmigration"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/importing"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

const noLinkMessage = "offers no download link (Vimeo gives them to the owner on paid plans, with the video_files scope)"

// TestImportVideosChoiceChecks walks the refusals of importVideos in the order
// it checks; none makes a video.
func TestImportVideosChoiceChecks(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			m := f.doneMigration(t, f.project, map[string]string{"1001": f.vimeo.DownloadURL("1001"), "1003": ""})
			theirs := f.doneMigration(t, f.elsewhere, map[string]string{"1001": f.vimeo.DownloadURL("1001")})
			pending := f.client.ImportMigration.Create().SetProjectID(f.project).SetImporterID(m.ImporterID).
				SetProvider(importmigration.ProviderVimeo).SaveX(f.system)
			many := make([]string, 1001)
			for i := range many {
				many[i] = strconv.Itoa(i)
			}
			refusals := []struct {
				name        string
				ctx         context.Context
				in          importing.Choice
				kind        fault.Kind
				field, want string
			}{
				{"a reader", f.reader(), importing.Choice{MigrationID: m.ID}, fault.KindForbidden, "", "not allowed: importing into the project needs the write permission"},
				{"too many", f.owner, importing.Choice{MigrationID: m.ID, VideoIDs: many}, fault.KindInvalidInput, "videoIDs", "at most 1000 videos at once"},
				{"another project's migration", f.owner, importing.Choice{MigrationID: theirs.ID}, fault.KindInvalidInput, "migrationID", "migration not found in the project"},
				{"no such migration", f.owner, importing.Choice{MigrationID: uuid.New()}, fault.KindInvalidInput, "migrationID", "migration not found in the project"},
				{"a pending migration", f.owner, importing.Choice{MigrationID: pending.ID}, fault.KindConflict, "", "the migration is pending: its videos can be imported once its sync is done"},
				// Trimmed, blanks and repeats dropped, and the first refused in the
				// order sent is the one named.
				{"an unknown video first", f.owner, importing.Choice{MigrationID: m.ID, VideoIDs: []string{" 1001", "1001", "", "9999", "1003"}},
					fault.KindInvalidInput, "videoIDs", "video 9999 is not in the migration"},
				{"a video without a link first", f.owner, importing.Choice{MigrationID: m.ID, VideoIDs: []string{"1003 ", "9999"}},
					fault.KindInvalidInput, "videoIDs", "video 1003 " + noLinkMessage},
			}
			for _, r := range refusals {
				_, err := f.svc.ImportVideos(r.ctx, f.project, r.in)
				if err == nil {
					t.Fatalf("%s: imported", r.name)
				}
				domaintest.WantFault(t, err, r.kind, r.field, r.want)
			}
			if n := f.client.Video.Query().CountX(f.system); n != 0 {
				t.Fatalf("the refusals made %d videos", n)
			}
		})
	}
}

// TestImportVideosAndTheirState imports a migration's items and follows their
// state through their videos: an item importing or imported is not imported
// again (here or through another migration), a failed one is retried.
func TestImportVideosAndTheirState(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			kind := jobs.ImportVideoArgs{}.Kind()
			links := map[string]string{"1001": f.vimeo.DownloadURL("1001"), "1002": f.vimeo.DownloadURL("1002"), "1003": ""}
			m := f.doneMigration(t, f.project, links)
			importVideos := func(m *ent.ImportMigration, ids ...string) map[string]*ent.ImportItem {
				t.Helper()
				var items []*ent.ImportItem
				err := f.inTx(func(ctx context.Context) (err error) {
					items, err = f.svc.ImportVideos(ctx, f.project, importing.Choice{MigrationID: m.ID, VideoIDs: ids})
					return err
				})
				if err != nil {
					t.Fatal(err)
				}
				out := map[string]*ent.ImportItem{}
				for _, it := range items {
					out[it.ProviderID] = it
				}
				return out
			}
			state := func(m *ent.ImportMigration, providerID string) (importing.State, string) {
				t.Helper()
				it := f.client.ImportItem.Query().Where(importitem.MigrationID(m.ID), importitem.ProviderID(providerID)).OnlyX(f.owner)
				st, reason, err := f.svc.ItemState(f.owner, it)
				if err != nil {
					t.Fatal(err)
				}
				if reason == nil {
					return st, ""
				}
				return st, *reason
			}

			// One chosen: a video pulled from its link, its job queued after commit.
			got := importVideos(m, "1001")
			first := got["1001"]
			if len(got) != 1 || first.VideoID == nil || first.ImportedAt == nil || f.queued(t, kind) != 1 {
				t.Fatalf("import 1001: %+v, %d jobs", got, f.queued(t, kind))
			}
			v := f.client.Video.GetX(f.system, *first.VideoID)
			if v.Title != "Video 1001" || v.SourceURL != links["1001"] || v.ProjectID != f.project || v.Status != video.StatusUploading {
				t.Fatalf("video %+v", v)
			}
			if st, _ := state(m, "1001"); st != importing.Importing {
				t.Fatalf("1001 is %s", st)
			}
			if st, _ := state(m, "1002"); st != importing.NotImported {
				t.Fatalf("1002 is %s", st)
			}

			// None chosen: every importable one, the importing one left alone.
			got = importVideos(m)
			if len(got) != 3 || *got["1001"].VideoID != v.ID || got["1002"].VideoID == nil || got["1003"].VideoID != nil || f.queued(t, kind) != 2 {
				t.Fatalf("import all: %+v, %d jobs", got, f.queued(t, kind))
			}
			second := *got["1002"].VideoID

			// Imported once its source is recorded; failed, with the reason.
			if _, err := videolifecycle.SourceRecorded(f.system, f.client, v.ID, "sources/x", 10); err != nil {
				t.Fatal(err)
			}
			if _, err := videolifecycle.UploadRefused(f.system, f.client, second, "the link expired"); err != nil {
				t.Fatal(err)
			}
			if st, _ := state(m, "1001"); st != importing.Imported {
				t.Fatalf("1001 is %s", st)
			}
			if st, reason := state(m, "1002"); st != importing.Failed || reason != "the link expired" {
				t.Fatalf("1002 is %s (%q)", st, reason)
			}

			// The failed one is retried with a new video; the imported one stays.
			got = importVideos(m)
			retried := *got["1002"].VideoID
			if retried == second || *got["1001"].VideoID != v.ID || f.queued(t, kind) != 3 {
				t.Fatalf("retry: %+v, %d jobs", got, f.queued(t, kind))
			}

			// A later migration of the same videos takes the videos already
			// imported or importing, making none.
			later := f.doneMigration(t, f.project, map[string]string{"1001": links["1001"], "1002": links["1002"]})
			got = importVideos(later)
			if *got["1001"].VideoID != v.ID || *got["1002"].VideoID != retried || f.queued(t, kind) != 3 {
				t.Fatalf("later migration: %+v, %d jobs", got, f.queued(t, kind))
			}
			if n := f.client.Video.Query().CountX(f.system); n != 3 {
				t.Fatalf("%d videos, want 3", n)
			}

			// The reads: migrations newest first, a migration's items with their
			// videos loaded, the pulled videos.
			migrations, err := f.svc.Migrations(f.owner, f.project, nil, nil, nil)
			if err != nil || len(migrations.Edges) != 2 || migrations.Edges[0].Node.ID != later.ID {
				t.Fatalf("migrations: %v, %+v", err, migrations)
			}
			items, err := f.svc.MigrationItems(f.owner, f.project, m.ID, nil, nil)
			if err != nil || len(items.Edges) != 3 {
				t.Fatalf("items: %v, %+v", err, items)
			}
			for _, e := range items.Edges {
				if (e.Node.VideoID != nil) != (e.Node.Edges.Video != nil) {
					t.Fatalf("item %s: video %v not loaded", e.Node.ProviderID, e.Node.VideoID)
				}
			}
			_, err = f.svc.MigrationItems(f.owner, f.project, uuid.New(), nil, nil)
			domaintest.WantFault(t, err, fault.KindInvalidInput, "migrationID", "migration not found in the project")
			pulled, err := f.svc.PulledVideos(f.owner, f.project, nil, nil)
			if err != nil || len(pulled.Edges) != 3 {
				t.Fatalf("pulled: %v, %+v", err, pulled)
			}
			_, err = f.svc.PulledVideos(f.owner, f.elsewhere, nil, nil)
			domaintest.WantFault(t, err, fault.KindInvalidInput, "projectID", "project not found")
		})
	}
}
