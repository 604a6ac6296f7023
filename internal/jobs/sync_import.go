package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/importitem"
	"github.com/vidra-dev/vidra/ent/importmigration"
	"github.com/vidra-dev/vidra/internal/textcut"
	"github.com/vidra-dev/vidra/internal/vimeo"
)

// SyncImportArgs asks for an import migration (a sync of a project's importer)
// to list the provider account's videos and record them as import items.
type SyncImportArgs struct {
	MigrationID uuid.UUID `json:"migration_id"`
}

// Kind names the job.
func (SyncImportArgs) Kind() string { return "sync_import_migration" }

// InsertOpts put syncs on the maintenance queue (network-bound, not media work),
// unique per migration while one is live.
func (SyncImportArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMaintenance,
		MaxAttempts: 3,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: activeStates},
	}
}

type syncImportWorker struct {
	river.WorkerDefaults[SyncImportArgs]
	p *Pipeline
}

// Work runs the sync; a refused token or a client error of the provider fails the
// migration at once, a network failure, rate limit or server error is retried and
// fails it on the last attempt.
func (w *syncImportWorker) Work(ctx context.Context, job *river.Job[SyncImportArgs]) error {
	err := w.p.syncImport(ctx, job.Args.MigrationID)
	if err == nil {
		return nil
	}
	var perm *permanent
	if errors.As(err, &perm) {
		return w.p.finishSync(ctx, job.Args.MigrationID, perm.reason)
	}
	if job.Attempt >= job.MaxAttempts {
		if ferr := w.p.finishSync(ctx, job.Args.MigrationID, "sync failed: "+err.Error()); ferr != nil {
			return ferr
		}
	}
	return err
}

// syncImport lists the account's videos and records them. A retried sync starts
// over: the items of an earlier attempt are replaced (nothing can have been
// imported from a migration that is not done).
func (p *Pipeline) syncImport(ctx context.Context, id uuid.UUID) error {
	m, err := p.Client.ImportMigration.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if m.Status != importmigration.StatusPending && m.Status != importmigration.StatusRunning {
		return nil // done or failed: not owed any more
	}
	imp, err := p.Client.Importer.Get(ctx, m.ImporterID)
	if ent.IsNotFound(err) {
		return permanentf("the importer was removed before the sync ran")
	}
	if err != nil {
		return err
	}
	if p.Vimeo == nil {
		return permanentf("the Vimeo importer is not configured on this server")
	}
	if _, err := p.Client.ImportItem.Delete().Where(importitem.MigrationID(id)).Exec(ctx); err != nil {
		return err
	}
	if err := p.Client.ImportMigration.UpdateOneID(id).SetStatus(importmigration.StatusRunning).
		SetStartedAt(time.Now()).SetItemCount(0).SetTotal(0).SetFailureReason("").Exec(ctx); err != nil {
		return err
	}
	seen := map[string]bool{}
	err = p.Vimeo.Videos(ctx, imp.Credential, func(page *vimeo.Page) error {
		creates := make([]*ent.ImportItemCreate, 0, len(page.Data))
		for _, v := range page.Data {
			vid := v.ID()
			// Listings can shift while they are paged: a video seen on an earlier page is kept once.
			if vid == "" || seen[vid] {
				continue
			}
			seen[vid] = true
			c := p.Client.ImportItem.Create().SetProjectID(m.ProjectID).SetMigrationID(id).
				SetProviderID(textcut.UTF8(vid, 100)).SetName(textcut.UTF8(v.Name, 500)).SetDuration(max(v.Duration, 0))
			if v.Description != nil {
				c.SetDescription(textcut.UTF8(*v.Description, 10000))
			}
			if f, ok := v.Best(); ok && len(f.Link) <= 4096 && validLink(f.Link) {
				c.SetDownloadURL(f.Link).SetDownloadQuality(textcut.UTF8(f.Quality, 100)).SetDownloadSize(max(f.Size, 0)).
					SetWidth(max(f.Width, 0)).SetHeight(max(f.Height, 0))
			}
			creates = append(creates, c)
		}
		if len(creates) > 0 {
			if err := p.Client.ImportItem.CreateBulk(creates...).Exec(ctx); err != nil {
				return err
			}
		}
		return p.Client.ImportMigration.UpdateOneID(id).SetTotal(max(page.Total, 0)).AddItemCount(len(creates)).Exec(ctx)
	})
	var status *vimeo.StatusError
	switch {
	case errors.Is(err, vimeo.ErrUnauthorized):
		return permanentf("Vimeo refused the importer's access token (revoked or expired); set the importer again")
	case errors.As(err, &status) && !status.Temporary():
		return permanentf("%s", textcut.UTF8(status.Error(), 1900))
	case err != nil:
		return err
	}
	return p.Client.ImportMigration.UpdateOneID(id).SetStatus(importmigration.StatusDone).SetCompletedAt(time.Now()).Exec(ctx)
}

// finishSync fails a migration with a reason the client can read. It uses a fresh
// context so a timed-out job can still record why it failed.
func (p *Pipeline) finishSync(ctx context.Context, id uuid.UUID, reason string) error {
	ctx, cancel := failureContext(ctx)
	defer cancel()
	p.Log.WarnContext(ctx, "import migration failed", "migration_id", id, "reason", reason)
	err := p.Client.ImportMigration.Update().
		Where(importmigration.ID(id), importmigration.StatusIn(importmigration.StatusPending, importmigration.StatusRunning)).
		SetStatus(importmigration.StatusFailed).SetFailureReason(textcut.UTF8(reason, 2000)).SetCompletedAt(time.Now()).
		Exec(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	return err
}

// validLink reports whether a download link is one the import can pull.
func validLink(raw string) bool {
	_, err := CheckImportURL(raw)
	return err == nil
}
