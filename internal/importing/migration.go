package importing

import (
	"context"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/importer"
	"github.com/vidra-dev/vidra/ent/importitem"
	"github.com/vidra-dev/vidra/ent/importmigration"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/fault"
	projectlib "github.com/vidra-dev/vidra/internal/project"
)

// Migrations lists a project's migrations (of provider, or all when nil),
// newest first.
func (s *Service) Migrations(ctx context.Context, projectID uuid.UUID, provider *importer.Provider, after *entgql.Cursor[uuid.UUID], first *int) (*ent.ImportMigrationConnection, error) {
	client := s.db(ctx)
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

// MigrationItems lists the items of a migration of the project, in the
// provider's order, with their videos (for their state).
func (s *Service) MigrationItems(ctx context.Context, projectID, migrationID uuid.UUID, after *entgql.Cursor[uuid.UUID], first *int) (*ent.ImportItemConnection, error) {
	client := s.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, "projectID"); err != nil {
		return nil, err
	}
	ok, err := client.ImportMigration.Query().
		Where(importmigration.ID(migrationID), importmigration.ProjectID(projectID)).Exist(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fault.FieldError("migrationID", "migration not found in the project")
	}
	conn, err := client.ImportItem.Query().Where(importitem.MigrationID(migrationID)).Paginate(ctx, after, first, nil, nil)
	if err != nil {
		return nil, err
	}
	items := make([]*ent.ImportItem, 0, len(conn.Edges))
	for _, e := range conn.Edges {
		items = append(items, e.Node)
	}
	return conn, s.LoadVideos(ctx, items)
}

// LoadVideos loads the videos of items in one query, whole: an item's state
// reads their source and failure reason, which a video edge collected for the
// selection (id, title, status) may leave out.
func (s *Service) LoadVideos(ctx context.Context, items []*ent.ImportItem) error {
	var ids []uuid.UUID
	for _, it := range items {
		if it.VideoID != nil {
			ids = append(ids, *it.VideoID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	videos, err := s.db(ctx).Video.Query().Where(video.IDIn(ids...)).All(ctx)
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

// PulledVideos lists the project's videos created by importers: those with a
// source URL (pulled from a URL, or imported from a provider's download link),
// newest first.
func (s *Service) PulledVideos(ctx context.Context, projectID uuid.UUID, after *entgql.Cursor[uuid.UUID], first *int) (*ent.VideoConnection, error) {
	client := s.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, "projectID"); err != nil {
		return nil, err
	}
	return client.Video.Query().Where(video.ProjectID(projectID), video.SourceURLNEQ("")).
		Paginate(ctx, after, first, nil, nil, ent.WithVideoOrder(&ent.VideoOrder{
			Direction: entgql.OrderDirectionDesc, Field: ent.VideoOrderFieldCreatedAt,
		}))
}
