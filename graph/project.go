package graph

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/folder"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/ent/tag"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/sliceset"
)

// requireInProject checks that entities of one kind (e.g. "folder") belong to a project,
// for operations that REST nests under /projects/{projId}: any of them missing or in
// another project is NOT_FOUND, the same answer either way. A nil projectID checks nothing.
// count counts the given ids that are in the project.
func requireInProject(ctx context.Context, projectID *uuid.UUID, entity string, ids []uuid.UUID, count func(ctx context.Context, projectID uuid.UUID, ids []uuid.UUID) (int, error)) error {
	if projectID == nil {
		return nil
	}
	ids = sliceset.Unique(ids)
	n, err := count(ctx, *projectID, ids)
	if err != nil {
		return err
	}
	if n != len(ids) {
		return NotFound(entity)
	}
	return nil
}

// foldersInProject checks that folders belong to the project (when one is given).
func (r *Resolver) foldersInProject(ctx context.Context, projectID *uuid.UUID, ids ...uuid.UUID) error {
	return requireInProject(ctx, projectID, "folder", ids, func(ctx context.Context, p uuid.UUID, ids []uuid.UUID) (int, error) {
		return r.db(ctx).Folder.Query().Where(folder.IDIn(ids...), folder.ProjectID(p)).Count(ctx)
	})
}

// videoInProject checks that a video belongs to the project (when one is given).
func (r *Resolver) videoInProject(ctx context.Context, projectID *uuid.UUID, id uuid.UUID) error {
	return requireInProject(ctx, projectID, "video", []uuid.UUID{id}, func(ctx context.Context, p uuid.UUID, ids []uuid.UUID) (int, error) {
		return r.db(ctx).Video.Query().Where(video.IDIn(ids...), video.ProjectID(p)).Count(ctx)
	})
}

// tagInProject checks that a tag belongs to the project (when one is given).
func (r *Resolver) tagInProject(ctx context.Context, projectID *uuid.UUID, id uuid.UUID) error {
	return requireInProject(ctx, projectID, "tag", []uuid.UUID{id}, func(ctx context.Context, p uuid.UUID, ids []uuid.UUID) (int, error) {
		return r.db(ctx).Tag.Query().Where(tag.IDIn(ids...), tag.ProjectID(p)).Count(ctx)
	})
}

// projectByID is one project, its edges left to load when their fields resolve.
// Eager loading (CollectFields) is for lists of parents: it pages a connection
// for every parent at once with ROW_NUMBER() over each parent's whole edge, plus
// a COUNT(*) of it when pageInfo is selected. For one project that reads all its
// videos for every page (about 100 ms at 100,000 videos), where the edge's own
// Paginate is one keyset query on (project_id, id) with a LIMIT (not DISTINCT:
// ent/template/gql_edge_paginate.tmpl).
//
// A signed-in session's lookups are remembered until anything that could
// change them commits (internal/credential).
func (r *Resolver) projectByID(ctx context.Context, id uuid.UUID) (*ent.Project, error) {
	return r.credentials.Project(ctx, id, time.Now(), func() (*ent.Project, error) {
		return r.db(ctx).Project.Query().Where(project.ID(id)).Only(ctx)
	})
}
