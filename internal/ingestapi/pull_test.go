package ingestapi_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/ingestapi"
	"github.com/vidra-dev/vidra/internal/testdb"
)

func TestPullRefusals(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			const good = "https://media.example.org/clip.mp4"
			pull := func(in ingestapi.PullInput) func(context.Context, uuid.UUID) error {
				return func(ctx context.Context, p uuid.UUID) error { _, err := f.svc.Pull(ctx, p, in); return err }
			}
			// In order: the project, the URL, the folder.
			f.wantRefused(t, []refusal{
				{"another organization's project", true, "projectID", "project not found", pull(ingestapi.PullInput{URL: "ftp://x/y"})},
				{"not http", false, "url", "must be an absolute http or https URL",
					pull(ingestapi.PullInput{URL: "ftp://media.example.org/clip.mp4", FolderID: &f.otherFolder})},
				{"no host", false, "url", "must be an absolute http or https URL", pull(ingestapi.PullInput{URL: "https:///clip.mp4"})},
				{"relative", false, "url", "must be an absolute http or https URL", pull(ingestapi.PullInput{URL: "/clip.mp4"})},
				{"empty", false, "url", "must be an absolute http or https URL", pull(ingestapi.PullInput{URL: "   "})},
				{"not a URL", false, "url", "must be an absolute http or https URL", pull(ingestapi.PullInput{URL: "https://media example.org/%zz"})},
				{"credentials", false, "url", "must not carry credentials", pull(ingestapi.PullInput{URL: "https://user:secret@media.example.org/clip.mp4"})},
				{"folder of another project", false, "folderID", "folder belongs to another project",
					pull(ingestapi.PullInput{URL: good, FolderID: &f.otherFolder})},
			})

			// A blocked organization is refused before its URL is looked at.
			f.block(t)
			_, err := f.svc.Pull(f.owner, f.project, ingestapi.PullInput{URL: "ftp://x/y"})
			domaintest.WantFault(t, err, fault.KindPaymentRequired, "",
				"the organization's subscription is unpaid: pay its open invoices to upload or play")
			if n, e := f.client.Video.Query().CountX(f.system), f.created(); n+e+f.queued(t) != 0 {
				t.Fatalf("%d videos, %d events, %d jobs after refusals", n, e, f.queued(t))
			}
		})
	}
}

func TestPull(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			// The job is queued once the mutation commits, not before.
			var v *ent.Video
			err := f.inTx(func(ctx context.Context) (err error) {
				v, err = f.svc.Pull(ctx, f.project, ingestapi.PullInput{URL: "  https://media.example.org/a/clip.mp4?x=1  ", FolderID: &f.folder})
				if err == nil && f.queued(t) != 0 {
					t.Error("the import was queued before its transaction committed")
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if v.Title != "clip.mp4" || v.Status != video.StatusUploading || v.SourceURL != "https://media.example.org/a/clip.mp4?x=1" ||
				v.FolderID == nil || *v.FolderID != f.folder || v.SourceKey != "" {
				t.Fatalf("pulled video %+v", v)
			}
			if f.queued(t) != 1 || f.created() != 1 {
				t.Fatalf("%d jobs, %d events; want 1 of each", f.queued(t), f.created())
			}

			// The title: given (trimmed), else the path's last segment, else "Imported video".
			for _, c := range []struct {
				in   ingestapi.PullInput
				want string
			}{
				{ingestapi.PullInput{URL: "https://media.example.org/b.mp4", Title: ptr("  Mine ")}, "Mine"},
				{ingestapi.PullInput{URL: "https://media.example.org/"}, "Imported video"},
				{ingestapi.PullInput{URL: "http://media.example.org"}, "Imported video"},
			} {
				v, err := f.svc.Pull(f.owner, f.project, c.in)
				if err != nil || v.Title != c.want {
					t.Fatalf("%+v: title %q, %v; want %q", c.in, v.Title, err, c.want)
				}
			}
			if f.queued(t) != 4 {
				t.Fatalf("%d jobs queued, want 4", f.queued(t))
			}

			// A rolled-back mutation queues nothing and leaves no video.
			_ = f.inTx(func(ctx context.Context) error {
				if _, err := f.svc.Pull(ctx, f.project, ingestapi.PullInput{URL: "https://media.example.org/c.mp4"}); err != nil {
					t.Fatal(err)
				}
				return fault.Errorf(fault.KindConflict, "a later field failed")
			})
			if n := f.client.Video.Query().CountX(f.system); n != 4 || f.queued(t) != 4 || f.created() != 4 {
				t.Fatalf("after a rollback: %d videos, %d jobs, %d events", n, f.queued(t), f.created())
			}
		})
	}
}

// TestCreatePulled is the importers' door: a create of the caller's
// transaction, saved as uploading, announced and queued after commit.
func TestCreatePulled(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			var v *ent.Video
			err := f.inTx(func(ctx context.Context) (err error) {
				v, err = f.svc.CreatePulled(ctx, ent.FromContext(ctx).Video.Create().SetProjectID(f.project).
					SetTitle("From Vimeo").SetSourceURL("https://player.example.org/v.mp4"))
				return err
			})
			if err != nil || v.Status != video.StatusUploading || f.queued(t) != 1 || f.created() != 1 {
				t.Fatalf("%+v, %v; %d jobs, %d events", v, err, f.queued(t), f.created())
			}
		})
	}
}
