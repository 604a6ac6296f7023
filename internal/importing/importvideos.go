package importing

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/importitem"
	"github.com/vidra-dev/vidra/ent/importmigration"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/textcut"
)

// maxImportVideoIDs bounds the videos one ImportVideos call names.
const maxImportVideoIDs = 1000

// Choice is what to import from a migration.
type Choice struct {
	// MigrationID is a done migration of the project.
	MigrationID uuid.UUID
	// VideoIDs are the provider's ids of the videos to import; none: every
	// importable item of the migration.
	VideoIDs []string
}

// ImportVideos imports chosen items of a done migration (all importable ones
// when none are named): each becomes a video pulled from its download link. An
// item imported or importing, here or through another migration's item of the
// same provider video, is not imported again; a failed one is retried with a
// new video. It writes in the caller's transaction; the import jobs are queued
// once it commits.
func (s *Service) ImportVideos(ctx context.Context, projectID uuid.UUID, in Choice) ([]*ent.ImportItem, error) {
	client := s.db(ctx)
	if err := requireProjectWrite(ctx, client, projectID); err != nil {
		return nil, err
	}
	if len(in.VideoIDs) > maxImportVideoIDs {
		return nil, fault.FieldError("videoIDs", "at most %d videos at once", maxImportVideoIDs)
	}
	m, err := client.ImportMigration.Query().
		Where(importmigration.ID(in.MigrationID), importmigration.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.FieldError("migrationID", "migration not found in the project")
	}
	if err != nil {
		return nil, err
	}
	if m.Status != importmigration.StatusDone {
		return nil, fault.Errorf(fault.KindConflict, "the migration is %s: its videos can be imported once its sync is done", m.Status)
	}
	wanted := chosenIDs(in.VideoIDs)
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
		if state, _ := stateOf(it, it.Edges.Video); state.live() || it.DownloadURL == "" {
			continue
		}
		v := live[it.ProviderID]
		if v == nil {
			v, err = s.d.Pulls.CreatePulled(ctx, client.Video.Create().SetProjectID(projectID).
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
			return nil, fault.Errorf(fault.KindConflict, "video %s is being imported by another request; try again", it.ProviderID)
		}
		it.VideoID, it.ImportedAt, it.Edges.Video = &v.ID, &now, v
	}
	return items, nil
}

// checkChosenItems refuses named videos that the migration did not find or that
// offer no download link, the first such in wanted's order.
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
			return fault.FieldError("videoIDs", "video %s is not in the migration", id)
		case it.DownloadURL == "":
			return fault.FieldError("videoIDs", "video %s offers no download link (Vimeo gives them to the owner on paid plans, with the video_files scope)", id)
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
			if state, _ := stateOf(o, v); state.live() {
				live[o.ProviderID] = v
			}
		}
	}
	return live, nil
}

// importTitle is the title of an item's video: its name, else the provider's id.
func importTitle(it *ent.ImportItem) string {
	if t := strings.TrimSpace(it.Name); t != "" {
		return textcut.UTF8(t, 500)
	}
	return "Vimeo video " + it.ProviderID
}
