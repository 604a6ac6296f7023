package graph

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/importer"
	"github.com/vidra-dev/vidra/ent/importitem"
	"github.com/vidra-dev/vidra/ent/importmigration"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/perm"
	projectlib "github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/textcut"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/vimeo"
)

// vimeoCheckTimeout bounds the check of a credential with Vimeo (GET /me).
const vimeoCheckTimeout = 20 * time.Second

// maxImportVideoIDs bounds the videos one importVideos call names.
const maxImportVideoIDs = 1000

// setImporter checks a provider credential with the provider and stores it as the
// project's importer of that provider, replacing an earlier one. It commits its
// own transaction (selfTransacting): the check with the provider happens before
// any write, so no database lock is held while the provider answers.
func (r *Resolver) setImporter(ctx context.Context, projectID uuid.UUID, in model.SetImporterInput) (*ent.Importer, error) {
	if err := requireProjectWrite(ctx, r.db(ctx), projectID); err != nil {
		return nil, err
	}
	cred := strings.TrimSpace(in.Credential)
	switch {
	case cred == "":
		return nil, FieldError("credential", "required")
	case len(cred) > 4096:
		return nil, FieldError("credential", "at most 4096 characters")
	case in.Provider != importer.ProviderVimeo:
		return nil, FieldError("provider", "unknown provider %q", in.Provider)
	case r.media.Vimeo == nil:
		return nil, Errorf(KindInternal, "the Vimeo importer is not configured")
	}
	check, cancel := context.WithTimeout(ctx, vimeoCheckTimeout)
	defer cancel()
	user, err := r.media.Vimeo.Me(check, cred)
	var status *vimeo.StatusError
	switch {
	case errors.Is(err, vimeo.ErrUnauthorized):
		return nil, FieldError("credential", "Vimeo refused the access token (401): it is wrong, revoked or expired")
	case errors.As(err, &status) && !status.Temporary():
		return nil, FieldError("credential", "Vimeo did not accept the access token: %s", status.Error())
	case err != nil:
		// Not the client's fault and not ours: say so, rather than "internal error".
		return nil, fault.Wrap(KindInternal, "Vimeo could not be reached to check the access token (it failed or timed out); try again later",
			fmt.Errorf("check the Vimeo access token: %w", err))
	}
	last4 := cred[max(0, len(cred)-4):]
	name, uri := textcut.UTF8(user.Name, 500), textcut.UTF8(user.URI, 500)
	var out *ent.Importer
	err = r.ownTx(ctx, "setImporter", func(tx *ent.Client) (bool, error) {
		existing, err := tx.Importer.Query().Where(importer.ProjectID(projectID), importer.ProviderEQ(in.Provider)).Only(ctx)
		switch {
		case ent.IsNotFound(err):
			out, err = tx.Importer.Create().SetProjectID(projectID).SetProvider(in.Provider).SetCredential(cred).
				SetCredentialLast4(last4).SetAccountName(name).SetAccountURI(uri).Save(ctx)
		case err == nil:
			out, err = tx.Importer.UpdateOne(existing).SetCredential(cred).SetCredentialLast4(last4).
				SetAccountName(name).SetAccountURI(uri).Save(ctx)
		}
		return err == nil, err
	})
	return out, err
}

// syncImporter starts a sync of the project's importer: a pending migration, its
// job queued once the mutation commits (the row is the record of the owed sync).
// A sync already pending or running is returned instead of a second one.
func (r *Resolver) syncImporter(ctx context.Context, projectID uuid.UUID, provider *importer.Provider) (*ent.ImportMigration, error) {
	client := r.db(ctx)
	if err := requireProjectWrite(ctx, client, projectID); err != nil {
		return nil, err
	}
	p := importer.ProviderVimeo
	if provider != nil {
		p = *provider
	}
	imp, err := client.Importer.Query().Where(importer.ProjectID(projectID), importer.ProviderEQ(p)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, Errorf(KindConflict, "the project has no %s importer: set one first (POST /projects/{projId}/importers)", p)
	}
	if err != nil {
		return nil, err
	}
	running, err := client.ImportMigration.Query().Where(importmigration.ProjectID(projectID),
		importmigration.ProviderEQ(importmigration.Provider(p)),
		importmigration.StatusIn(importmigration.StatusPending, importmigration.StatusRunning)).First(ctx)
	if err == nil {
		return running, nil
	}
	if !ent.IsNotFound(err) {
		return nil, err
	}
	m, err := client.ImportMigration.Create().SetProjectID(projectID).SetImporterID(imp.ID).
		SetProvider(importmigration.Provider(p)).Save(ctx)
	if err != nil {
		return nil, err
	}
	txn.AfterCommit(ctx, func(ctx context.Context) {
		if err := r.media.Queue.Insert(ctx, jobs.SyncImportArgs{MigrationID: m.ID}); err != nil {
			r.log.WarnContext(ctx, "queue import sync; the sweeper will", "migration_id", m.ID, "err", err)
		}
	})
	return m, nil
}

// importMigrations lists a project's migrations, newest first.
func (r *Resolver) importMigrations(ctx context.Context, projectID uuid.UUID, provider *importer.Provider, after *entgql.Cursor[uuid.UUID], first *int) (*ent.ImportMigrationConnection, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, "projectID"); err != nil {
		return nil, err
	}
	q := client.ImportMigration.Query().Where(importmigration.ProjectID(projectID))
	if provider != nil {
		q = q.Where(importmigration.ProviderEQ(importmigration.Provider(*provider)))
	}
	return q.Paginate(ctx, after, first, nil, nil, ent.WithImportMigrationOrder(&ent.ImportMigrationOrder{
		Direction: entgql.OrderDirectionDesc, Field: ent.ImportMigrationOrderFieldCreatedAt,
	}))
}

// importMigrationItems lists the items of a migration of the project, in the
// provider's order, with their videos (for their state).
func (r *Resolver) importMigrationItems(ctx context.Context, projectID, migrationID uuid.UUID, after *entgql.Cursor[uuid.UUID], first *int) (*ent.ImportItemConnection, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, "projectID"); err != nil {
		return nil, err
	}
	ok, err := client.ImportMigration.Query().
		Where(importmigration.ID(migrationID), importmigration.ProjectID(projectID)).Exist(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, FieldError("migrationID", "migration not found in the project")
	}
	conn, err := client.ImportItem.Query().Where(importitem.MigrationID(migrationID)).Paginate(ctx, after, first, nil, nil)
	if err != nil {
		return nil, err
	}
	items := make([]*ent.ImportItem, 0, len(conn.Edges))
	for _, e := range conn.Edges {
		items = append(items, e.Node)
	}
	return conn, loadImportedVideos(ctx, client, items)
}

// loadImportedVideos loads the videos of items in one query, whole: an item's
// state reads their source and failure reason, which a video edge collected for
// the selection (id, title, status) may leave out.
func loadImportedVideos(ctx context.Context, client *ent.Client, items []*ent.ImportItem) error {
	var ids []uuid.UUID
	for _, it := range items {
		if it.VideoID != nil {
			ids = append(ids, *it.VideoID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	videos, err := client.Video.Query().Where(video.IDIn(ids...)).All(ctx)
	if err != nil {
		return err
	}
	byID := make(map[uuid.UUID]*ent.Video, len(videos))
	for _, v := range videos {
		byID[v.ID] = v
	}
	for _, it := range items {
		if it.VideoID != nil && byID[*it.VideoID] != nil {
			it.Edges.Video = byID[*it.VideoID]
		}
	}
	return nil
}

// pulledVideos lists the project's videos created by importers: those with a
// source URL (pulled from a URL, or imported from a provider's download link).
func (r *Resolver) pulledVideos(ctx context.Context, projectID uuid.UUID, after *entgql.Cursor[uuid.UUID], first *int) (*ent.VideoConnection, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, "projectID"); err != nil {
		return nil, err
	}
	return client.Video.Query().Where(video.ProjectID(projectID), video.SourceURLNEQ("")).
		Paginate(ctx, after, first, nil, nil, ent.WithVideoOrder(&ent.VideoOrder{
			Direction: entgql.OrderDirectionDesc, Field: ent.VideoOrderFieldCreatedAt,
		}))
}

// importVideos imports chosen items of a done migration (all importable ones when
// none are named): each becomes a video pulled from its download link. An item
// imported or importing, here or through another migration's item of the same
// provider video, is not imported again; a failed one is retried with a new video.
func (r *Resolver) importVideos(ctx context.Context, projectID uuid.UUID, in model.ImportVideosInput) ([]*ent.ImportItem, error) {
	client := r.db(ctx)
	if err := requireProjectWrite(ctx, client, projectID); err != nil {
		return nil, err
	}
	if len(in.VideoIDs) > maxImportVideoIDs {
		return nil, FieldError("videoIDs", "at most %d videos at once", maxImportVideoIDs)
	}
	m, err := client.ImportMigration.Query().
		Where(importmigration.ID(in.MigrationID), importmigration.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, FieldError("migrationID", "migration not found in the project")
	}
	if err != nil {
		return nil, err
	}
	if m.Status != importmigration.StatusDone {
		return nil, Errorf(KindConflict, "the migration is %s: its videos can be imported once its sync is done", m.Status)
	}
	wanted := uniqueStrings(in.VideoIDs)
	q := client.ImportItem.Query().Where(importitem.MigrationID(m.ID)).WithVideo()
	if len(wanted) > 0 {
		q = q.Where(importitem.ProviderIDIn(wanted...))
	}
	items, err := q.Order(ent.Asc(importitem.FieldID)).All(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkChosenItems(items, wanted); err != nil {
		return nil, err
	}
	live, err := liveImports(ctx, client, projectID, m.ID, items)
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		if state, _ := importState(it, it.Edges.Video); state == model.ImportItemStateImporting ||
			state == model.ImportItemStateImported || it.DownloadURL == "" {
			continue
		}
		v := live[it.ProviderID]
		if v == nil {
			v, err = r.ingest.CreatePulled(ctx, client.Video.Create().SetProjectID(projectID).
				SetTitle(importTitle(it)).SetDescription(it.Description).SetSourceURL(it.DownloadURL))
			if err != nil {
				return nil, err
			}
		}
		// Conditional on the video read, so two imports of one item at once never
		// make two videos: the later one is refused and rolled back.
		upd := client.ImportItem.Update().Where(importitem.ID(it.ID))
		if it.VideoID == nil {
			upd = upd.Where(importitem.VideoIDIsNil())
		} else {
			upd = upd.Where(importitem.VideoID(*it.VideoID))
		}
		now := time.Now()
		n, err := upd.SetVideoID(v.ID).SetImportedAt(now).Save(ctx)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, Errorf(KindConflict, "video %s is being imported by another request; try again", it.ProviderID)
		}
		it.VideoID, it.ImportedAt, it.Edges.Video = &v.ID, &now, v
	}
	return items, nil
}

// checkChosenItems refuses named videos that the migration did not find or that
// offer no download link.
func checkChosenItems(items []*ent.ImportItem, wanted []string) error {
	if len(wanted) == 0 {
		return nil
	}
	found := make(map[string]*ent.ImportItem, len(items))
	for _, it := range items {
		found[it.ProviderID] = it
	}
	for _, id := range wanted {
		it := found[id]
		switch {
		case it == nil:
			return FieldError("videoIDs", "video %s is not in the migration", id)
		case it.DownloadURL == "":
			return FieldError("videoIDs", "video %s offers no download link (Vimeo gives them to the owner on paid plans, with the video_files scope)", id)
		}
	}
	return nil
}

// liveImports are the videos, by provider id, that other migrations' items of the
// project imported (or are importing) for the same provider videos as items.
func liveImports(ctx context.Context, client *ent.Client, projectID, migrationID uuid.UUID, items []*ent.ImportItem) (map[string]*ent.Video, error) {
	ids := make([]string, 0, len(items))
	for _, it := range items {
		ids = append(ids, it.ProviderID)
	}
	live := map[string]*ent.Video{}
	if len(ids) == 0 {
		return live, nil
	}
	others, err := client.ImportItem.Query().
		Where(importitem.ProjectID(projectID), importitem.MigrationIDNEQ(migrationID),
			importitem.ProviderIDIn(ids...), importitem.VideoIDNotNil()).
		WithVideo().All(ctx)
	if err != nil {
		return nil, err
	}
	for _, o := range others {
		if v := o.Edges.Video; v != nil {
			if state, _ := importState(o, v); state == model.ImportItemStateImporting || state == model.ImportItemStateImported {
				live[o.ProviderID] = v
			}
		}
	}
	return live, nil
}

// importState says where an item stands from the video it was imported as (v, nil
// when it has none or the caller cannot see it).
func importState(it *ent.ImportItem, v *ent.Video) (model.ImportItemState, *string) {
	switch {
	case it.VideoID == nil:
		return model.ImportItemStateNotImported, nil
	case v == nil: // imported as a video the caller may not see
		return model.ImportItemStateImported, nil
	case v.SourceKey != "":
		return model.ImportItemStateImported, nil
	case v.Status == video.StatusFailed:
		reason := v.FailureReason
		return model.ImportItemStateFailed, &reason
	}
	return model.ImportItemStateImporting, nil
}

// importItemState is the state field of an item.
func (r *Resolver) importItemState(ctx context.Context, it *ent.ImportItem) (model.ImportItemState, *string, error) {
	if it.VideoID == nil {
		return model.ImportItemStateNotImported, nil, nil
	}
	v, err := it.Video(ctx)
	if err != nil {
		return "", nil, err
	}
	state, reason := importState(it, v)
	return state, reason, nil
}

// importTitle is the title of an item's video: its name, else the provider's id.
func importTitle(it *ent.ImportItem) string {
	if t := strings.TrimSpace(it.Name); t != "" {
		return textcut.UTF8(t, 500)
	}
	return "Vimeo video " + it.ProviderID
}

// requireProjectWrite finds a project the caller may write content into, before
// work that leaves the process (asking the provider): NOT_FOUND when the caller
// cannot see it, FORBIDDEN when it may only read it. The tenancy hooks decide
// again on every row written.
func requireProjectWrite(ctx context.Context, client *ent.Client, projectID uuid.UUID) error {
	p, err := client.Project.Query().Where(project.ID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return FieldError("projectID", "project not found")
	}
	if err != nil {
		return err
	}
	pr := auth.FromContext(ctx)
	if pr == nil || pr.Perm().Can(perm.Write, perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Folders, ProjectID: p.ID}) {
		return nil // no principal: system work, which the tenancy rules allow
	}
	return Errorf(KindForbidden, "not allowed: importing into the project needs the write permission")
}

func uniqueStrings(in []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(in))
	for _, s := range in {
		s = strings.TrimSpace(s)
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
