package tenancy

import (
	"context"
	"fmt"
	"slices"

	"entgo.io/ent"
	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
)

// Videos is the rule of videos: folder content, visible where the principal's
// folder grants reach (a per-folder grant covers the folder's subtree). Loaded
// as the videos of folders just read (a folder's videos connection under a
// list of folders), they inherit their folders' visibility: see parent.
func Videos() Rule {
	return contentRule{entity: "video", table: "videos", folderColumn: "folder_id", folderTable: "folders"}
}

// Folders is the rule of folders: like videos, a folder is reachable when it is
// in a granted folder's subtree (or the whole area is granted).
func Folders() Rule {
	return contentRule{entity: "folder", table: "folders", folderColumn: "id", parentColumn: "parent_id"}
}

type contentRule struct {
	entity, table string
	// folderColumn places a row in the tree: the video's folder, the folder itself.
	folderColumn string
	// parentColumn is the folder a new folder is created in (folders only).
	parentColumn string
	// folderTable, when set, makes the rule an heir of the folders named by
	// folderColumn (videos: see parent).
	folderTable string
}

// parent makes videos an heir of their folder when loaded as its children. A
// video in folder F is readable exactly when F is: the content scope's
// predicate on videos is the folders' own with folder_id in place of the
// folder's id (contentScope.predicate), and a video's project is its folder's
// (project_id is immutable on both, and every write that sets folder_id is
// decided on the video's project and that folder: contentResource answers
// NOT_FOUND for a folder of another project). Folders themselves are no heirs
// (folderTable empty): inherited then matches no load.
func (r contentRule) parent() (table, column string) { return r.folderTable, r.folderColumn }

func (r contentRule) filter(_ context.Context, p *auth.Principal, a perm.Action) (predicate, error) {
	return contentScopeOf(p.Perm(), a).predicate(p.OrganizationID, "project_id", r.folderColumn), nil
}

// placeColumn is the column naming where a new or moved row goes.
func (r contentRule) placeColumn() string {
	if r.parentColumn != "" {
		return r.parentColumn
	}
	return r.folderColumn
}

func (r contentRule) decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, a perm.Action) error {
	if m.Op().Is(ent.OpCreate) {
		projectID, ok := uuidField(m, "project_id")
		if !ok {
			return errMissingField
		}
		folder, _ := uuidField(m, r.placeColumn())
		res, err := contentResource(ctx, db, projectID, folder)
		if err != nil {
			return err
		}
		return judgePlace(p, res)
	}
	id, err := mutationID(m)
	if err != nil {
		return err
	}
	var projectID uuid.UUID
	var folder nullUUID
	found, err := queryRow(ctx, db, fmt.Sprintf(`SELECT project_id, %s FROM %s WHERE id = $1`, r.folderColumn, r.table), []any{id}, &projectID, &folder)
	if err != nil {
		return err
	}
	if !found {
		return &NotFoundError{Entity: r.entity}
	}
	res, err := contentResource(ctx, db, projectID, folder.id)
	if err != nil {
		return err
	}
	if err := judge(p, res, a, r.entity); err != nil {
		return err
	}
	// A move needs the right to write where the row goes, too.
	to, moved := uuidField(m, r.placeColumn())
	if !moved && !m.FieldCleared(r.placeColumn()) {
		return nil
	}
	dest, err := contentResource(ctx, db, projectID, to)
	if err != nil {
		return err
	}
	return judgePlace(p, dest)
}

// judgePlace decides writing into a place of a project (a folder, or the root):
// FORBIDDEN when the principal sees the project but may not write there,
// NOT_FOUND when it does not see the project at all.
func judgePlace(p *auth.Principal, place perm.Resource) error {
	pp := p.Perm()
	if pp.Can(perm.Write, place) {
		return nil
	}
	visible := pp.Projects(perm.Read, perm.Folders)
	if place.OrganizationID == p.OrganizationID && (visible.All || slices.Contains(visible.IDs, place.ProjectID)) {
		return denied("not allowed: writing there needs the write permission on that folder")
	}
	return &NotFoundError{Entity: "project"}
}

// contentResource places folder content: in a project, in a folder (uuid.Nil for
// the project's root) and below its ancestors.
func contentResource(ctx context.Context, db querier, projectID, folderID uuid.UUID) (perm.Resource, error) {
	org, found, err := projectOrg(ctx, db, projectID)
	if err != nil {
		return perm.Resource{}, err
	}
	if !found {
		return perm.Resource{}, &NotFoundError{Entity: "project"}
	}
	res := perm.Resource{OrganizationID: org, Area: perm.Folders, ProjectID: projectID}
	if folderID != uuid.Nil {
		folderProject, path, found, err := folderPath(ctx, db, folderID)
		if err != nil {
			return perm.Resource{}, err
		}
		if !found || folderProject != projectID {
			return perm.Resource{}, &NotFoundError{Entity: "folder"}
		}
		res.FolderPath = path
	}
	return res, nil
}

// VideoContent is the rule of an entity that belongs to a video by a video_id
// column (captions, chapters): it goes where its video goes.
func VideoContent(entity, table string) Rule { return videoContentRule{entity: entity, table: table} }

type videoContentRule struct{ entity, table string }

// parent makes the rule an heir of videos: its filter is videos' own, through
// video_id.
func (r videoContentRule) parent() (table, column string) { return "videos", "video_id" }

func (r videoContentRule) filter(_ context.Context, p *auth.Principal, a perm.Action) (predicate, error) {
	videos := contentScopeOf(p.Perm(), a).predicate(p.OrganizationID, "project_id", "folder_id")
	return func(s *sql.Selector) {
		t := sql.Table("videos")
		sub := sql.Select(t.C("id")).From(t)
		videos(sub)
		s.Where(sql.In(s.C("video_id"), sub))
	}, nil
}

func (r videoContentRule) decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, a perm.Action) error {
	var videoID uuid.UUID
	if m.Op().Is(ent.OpCreate) {
		id, ok := uuidField(m, "video_id")
		if !ok {
			return errMissingField
		}
		videoID = id
		a = perm.Write
	} else {
		id, err := mutationID(m)
		if err != nil {
			return err
		}
		found, err := queryRow(ctx, db, fmt.Sprintf(`SELECT video_id FROM %s WHERE id = $1`, r.table), []any{id}, &videoID)
		if err != nil {
			return err
		}
		if !found {
			return &NotFoundError{Entity: r.entity}
		}
	}
	var projectID uuid.UUID
	var folder nullUUID
	found, err := queryRow(ctx, db, `SELECT project_id, folder_id FROM videos WHERE id = $1`, []any{videoID}, &projectID, &folder)
	if err != nil {
		return err
	}
	if !found {
		return &NotFoundError{Entity: "video"}
	}
	res, err := contentResource(ctx, db, projectID, folder.id)
	if err != nil {
		return err
	}
	return judge(p, res, a, r.entity)
}

// moves reports whether a change of many rows sets or clears their place.
func (r contentRule) moves(m ent.Mutation) bool {
	_, set := uuidField(m, r.placeColumn())
	return set || m.FieldCleared(r.placeColumn())
}

// decideMoves checks that p may write where a change of many rows puts them: the
// destination folder, or the root of each of their projects (the project-level
// folders right).
func (r contentRule) decideMoves(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, ids []uuid.UUID) error {
	if len(ids) == 0 {
		return nil
	}
	to, _ := uuidField(m, r.placeColumn())
	projects, err := distinctProjects(ctx, db, r.table, ids)
	if err != nil {
		return err
	}
	for _, projectID := range projects {
		dest, err := contentResource(ctx, db, projectID, to)
		if err != nil {
			return err
		}
		if err := judgePlace(p, dest); err != nil {
			return err
		}
	}
	return nil
}
