package transcoding_test

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"testing"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/blobdeletion"
	"github.com/vidra-dev/vidra/ent/transcodingjob"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/ladder"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/transcodelifecycle"
	"github.com/vidra-dev/vidra/internal/transcoding"
	"github.com/vidra-dev/vidra/internal/txn"
)

// fixture is an organization's owner, two of its projects' ids, an encoding
// profile of the first, and the service with a real job queue.
type fixture struct {
	svc          *transcoding.Service
	client       *ent.Client
	sql          *sql.DB
	dialect      string
	system       context.Context
	owner        context.Context
	project, two uuid.UUID
	profile      uuid.UUID
}

func newFixture(t *testing.T, d string) *fixture {
	t.Helper()
	w := domaintest.NewWorld(t, d)
	queue, err := jobs.Open(w.System, jobs.Options{Dialect: d, SQL: w.DB.SQL, DatabaseURL: w.DB.URL, Log: slog.Default()})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{client: w.Client, sql: w.DB.SQL, dialect: d, system: w.System, owner: w.Owner,
		project: w.Project, two: w.Client.Project.Create().SetOrganizationID(w.Org).SetName("two").SaveX(w.System).ID,
		svc: transcoding.New(transcoding.Deps{Client: w.Client, Queue: queue})}
	f.profile = w.Client.EncodingProfile.Create().SetProjectID(f.project).SetName("ladder").SetRenditions([]ladder.Rendition{
		{Height: 360, VideoBitrateKbps: 800, AudioBitrateKbps: 96},
		{Height: 720, VideoBitrateKbps: 2500, AudioBitrateKbps: 128},
	}).SaveX(w.System).ID
	return f
}

// queued counts the River jobs of kind transcode.
func (f *fixture) queued(t *testing.T) int {
	t.Helper()
	q := "SELECT count(*) FROM river_job WHERE kind = ?"
	if f.dialect == dialect.Postgres {
		q = "SELECT count(*) FROM river_job WHERE kind = $1"
	}
	var n int
	if err := f.sql.QueryRow(q, "transcode").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func ptr[T any](v T) *T { return &v }

func TestCreateChecksSourceAndOutputs(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			ctx := f.owner
			url := ptr("https://media.example.org/in.mp4")
			explicit := &transcoding.OutputInput{Height: ptr(480), VideoBitrateKbps: ptr(1200)}

			refusals := []struct {
				version     int
				in          transcoding.CreateInput
				field, want string
			}{
				{3, transcoding.CreateInput{}, "apiVersion", "must be 1 or 2"},
				{2, transcoding.CreateInput{URL: url}, "projectID", "required with url"},
				{2, transcoding.CreateInput{URL: url, VideoID: ptr(uuid.New())}, "url", "give either videoID or url, not both"},
				{2, transcoding.CreateInput{}, "videoID", "give videoID or url"},
				{2, transcoding.CreateInput{ProjectID: &f.project, URL: ptr("ftp://media.example.org/in.mp4")}, "url", ""},
				{1, transcoding.CreateInput{ProjectID: &f.project, URL: url}, "output", "required"},
				{1, transcoding.CreateInput{ProjectID: &f.project, URL: url, Output: explicit, Outputs: []*transcoding.OutputInput{}},
					"outputs", "v1 takes one output; use output, or the v2 API for several"},
				{2, transcoding.CreateInput{ProjectID: &f.project, URL: url, Outputs: []*transcoding.OutputInput{}}, "outputs", "1 to 8 outputs"},
				{2, transcoding.CreateInput{ProjectID: &f.project, URL: url, Output: explicit}, "output", "v2 takes outputs, a list"},
				{2, transcoding.CreateInput{ProjectID: &f.project, URL: url, Outputs: []*transcoding.OutputInput{{Height: ptr(480)}}},
					"outputs[0].height", "height and videoBitrateKbps are required without encodingProfileID"},
				{2, transcoding.CreateInput{ProjectID: &f.two, URL: url, Outputs: []*transcoding.OutputInput{{EncodingProfileID: &f.profile}}},
					"outputs[0].encodingProfileID", "encoding profile not found in the project"},
				{1, transcoding.CreateInput{ProjectID: &f.project, URL: url, Output: &transcoding.OutputInput{EncodingProfileID: &f.profile, Height: ptr(1080)}},
					"output.height", "the encoding profile has no 1080p rendition"},
				{2, transcoding.CreateInput{ProjectID: &f.project, URL: url, Outputs: []*transcoding.OutputInput{explicit}, Priority: ptr(101)},
					"priority", "must be between 0 and 100"},
			}
			for _, r := range refusals {
				_, err := f.svc.Create(ctx, r.version, r.in)
				var fe *fault.Error
				if !errors.As(err, &fe) || fe.Kind != fault.KindInvalidInput || fe.Field != r.field || (r.want != "" && fe.Message != r.want) {
					t.Fatalf("v%d %+v: got %v, want INVALID_INPUT on %s: %q", r.version, r.in, err, r.field, r.want)
				}
			}
			if n := f.client.TranscodingJob.Query().CountX(f.system); n != 0 || f.queued(t) != 0 {
				t.Fatalf("%d jobs, %d queued after refusals", n, f.queued(t))
			}

			// A v2 job of a profile's 720p and an explicit 480p: sorted lowest
			// first, named by height, queued once the transaction commits.
			var job *ent.TranscodingJob
			err := txn.Open(ctx, f.client, func(ctx context.Context) (err error) {
				job, err = f.svc.Create(ctx, 2, transcoding.CreateInput{ProjectID: &f.project, URL: url, Priority: ptr(70),
					Outputs: []*transcoding.OutputInput{{EncodingProfileID: &f.profile}, explicit}})
				if err == nil && f.queued(t) != 0 {
					t.Error("the job was queued before its transaction committed")
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if o := job.Outputs; len(o) != 2 || o[0].Name != "480p" || o[0].AudioBitrateKbps != 128 || o[1].Name != "720p" || o[1].VideoBitrateKbps != 2500 {
				t.Fatalf("outputs %+v", o)
			}
			if job.Priority != 70 || job.Status != transcodingjob.StatusQueued || f.queued(t) != 1 {
				t.Fatalf("job %+v, %d queued", job, f.queued(t))
			}
		})
	}
}

func TestUpdateCancelAndDelete(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			ctx := f.owner
			job, err := f.svc.Create(ctx, 1, transcoding.CreateInput{ProjectID: &f.project, URL: ptr("https://media.example.org/in.mp4"),
				Output: &transcoding.OutputInput{EncodingProfileID: &f.profile, Height: ptr(360)}})
			if err != nil {
				t.Fatal(err)
			}
			_, err = f.svc.Update(ctx, job.ID, transcoding.UpdateInput{})
			domaintest.WantFault(t, err, fault.KindInvalidInput, "input", "give priority or cancel")
			if job, err = f.svc.Update(ctx, job.ID, transcoding.UpdateInput{Priority: ptr(90)}); err != nil || job.Priority != 90 {
				t.Fatalf("priority change: %+v, %v", job, err)
			}
			if f.queued(t) != 2 {
				t.Fatalf("%d queued, want the job queued again at its new priority", f.queued(t))
			}

			// Once running, the priority is fixed; a cancel still stops it.
			f.client.TranscodingJob.UpdateOneID(job.ID).SetStatus(transcodingjob.StatusRunning).ExecX(transcodelifecycle.ForTest(f.system))
			_, err = f.svc.Update(ctx, job.ID, transcoding.UpdateInput{Priority: ptr(10)})
			domaintest.WantFault(t, err, fault.KindInvalidInput, "priority", "only a queued job's priority can change (the job is running)")
			if job, err = f.svc.Update(ctx, job.ID, transcoding.UpdateInput{Cancel: ptr(true)}); err != nil || job.Status != transcodingjob.StatusCanceled {
				t.Fatalf("cancel: %+v, %v", job, err)
			}
			_, err = f.svc.Update(ctx, job.ID, transcoding.UpdateInput{Cancel: ptr(true)})
			domaintest.WantFault(t, err, fault.KindInvalidInput, "cancel", "the job is already canceled")

			// Delete owes its outputs' removal.
			if id, err := f.svc.Delete(ctx, job.ID); err != nil || id != job.ID {
				t.Fatalf("delete: %v %v", id, err)
			}
			owed := f.client.BlobDeletion.Query().Where(blobdeletion.Key("transcoding/" + job.ID.String() + "/")).CountX(f.system)
			if owed != 1 {
				t.Fatalf("%d blob deletions owed for the job's outputs, want 1", owed)
			}
			_, err = f.svc.Get(ctx, job.ID)
			domaintest.WantFault(t, err, fault.KindNotFound, "", "transcoding job not found")
			page, err := f.svc.List(ctx, &f.project, nil, nil, nil)
			if err != nil || len(page.Edges) != 0 {
				t.Fatalf("list after delete: %+v, %v", page, err)
			}
		})
	}
}
