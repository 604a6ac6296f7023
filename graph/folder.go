package graph

import (
	"context"
	"sort"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/folder"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/graph/model"
)

// folderLinks is the shape of a project's folder tree: each folder's parent, read in
// one query so that tree rules cost the same however deep the tree is.
type folderLinks struct {
	parent map[uuid.UUID]*uuid.UUID
	names  map[uuid.UUID]string
}

// loadFolderLinks reads every folder of a project (id, parent, name) in one query.
func loadFolderLinks(ctx context.Context, client *ent.Client, projectID uuid.UUID) (*folderLinks, error) {
	var rows []struct {
		ID       uuid.UUID  `json:"id"`
		ParentID *uuid.UUID `json:"parent_id"`
		Name     string     `json:"name"`
	}
	err := client.Folder.Query().
		Where(folder.ProjectID(projectID)).
		Select(folder.FieldID, folder.FieldParentID, folder.FieldName).
		Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	links := &folderLinks{parent: make(map[uuid.UUID]*uuid.UUID, len(rows)), names: make(map[uuid.UUID]string, len(rows))}
	for _, r := range rows {
		links.parent[r.ID] = r.ParentID
		links.names[r.ID] = r.Name
	}
	return links, nil
}

// isSelfOrDescendant reports whether candidate is folder id itself or lies below it.
func (l *folderLinks) isSelfOrDescendant(candidate, id uuid.UUID) bool {
	for steps, cur := 0, &candidate; cur != nil && steps <= len(l.parent); steps++ {
		if *cur == id {
			return true
		}
		cur = l.parent[*cur]
	}
	return false
}

// descendants returns folder id and every folder below it.
func (l *folderLinks) descendants(id uuid.UUID) []uuid.UUID {
	children := map[uuid.UUID][]uuid.UUID{}
	for child, parent := range l.parent {
		if parent != nil {
			children[*parent] = append(children[*parent], child)
		}
	}
	out := []uuid.UUID{id}
	for i := 0; i < len(out); i++ {
		out = append(out, children[out[i]]...)
	}
	return out
}

// folderInProject loads a folder and checks it belongs to the project; field names the
// input that referred to it.
func folderInProject(ctx context.Context, client *ent.Client, id, projectID uuid.UUID, field string) (*ent.Folder, error) {
	f, err := client.Folder.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, FieldError(field, "folder not found")
	}
	if err != nil {
		return nil, err
	}
	if f.ProjectID != projectID {
		return nil, FieldError(field, "folder belongs to another project")
	}
	return f, nil
}

// createFolder creates a folder, under a parent of the same project when one is given.
func (r *Resolver) createFolder(ctx context.Context, input ent.CreateFolderInput) (*ent.Folder, error) {
	client := r.db(ctx)
	if err := requireProject(ctx, client, input.ProjectID, "projectID"); err != nil {
		return nil, err
	}
	if input.ParentID != nil {
		if _, err := folderInProject(ctx, client, *input.ParentID, input.ProjectID, "parentID"); err != nil {
			return nil, err
		}
	}
	return client.Folder.Create().SetInput(input).Save(ctx)
}

// moveFolders moves folders under toFolderID (nil: the root) in one transaction.
// Moving a folder into itself or one of its descendants is a CONFLICT.
func (r *Resolver) moveFolders(ctx context.Context, ids []uuid.UUID, toFolderID *uuid.UUID) ([]*ent.Folder, error) {
	client := r.db(ctx)
	if len(ids) == 0 {
		return nil, FieldError("ids", "give at least one folder")
	}
	folders, err := client.Folder.Query().Where(folder.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]*ent.Folder, len(folders))
	for _, f := range folders {
		byID[f.ID] = f
	}
	for _, id := range ids {
		if byID[id] == nil {
			return nil, Errorf(KindNotFound, "folder %s not found", id)
		}
	}
	projectID := folders[0].ProjectID
	for _, f := range folders {
		if f.ProjectID != projectID {
			return nil, FieldError("ids", "folders belong to different projects")
		}
	}
	if toFolderID != nil {
		if _, err := folderInProject(ctx, client, *toFolderID, projectID, "toFolderID"); err != nil {
			return nil, err
		}
		links, err := loadFolderLinks(ctx, client, projectID)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			if links.isSelfOrDescendant(*toFolderID, id) {
				return nil, Errorf(KindConflict, "cannot move folder %q into itself or one of its subfolders", links.names[id])
			}
		}
	}
	update := client.Folder.Update().Where(folder.IDIn(ids...))
	if toFolderID == nil {
		update.ClearParentID()
	} else {
		update.SetParentID(*toFolderID)
	}
	if err := update.Exec(ctx); err != nil {
		return nil, err
	}
	moved, err := client.Folder.Query().Where(folder.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, err
	}
	return inOrder(moved, ids, func(f *ent.Folder) uuid.UUID { return f.ID }), nil
}

// deleteFolder deletes a folder; its subfolders and videos move to its parent or are
// deleted with it, as asked.
func (r *Resolver) deleteFolder(ctx context.Context, id uuid.UUID, contents model.FolderContentAction) (uuid.UUID, error) {
	client := r.db(ctx)
	f, err := client.Folder.Get(ctx, id)
	if err != nil {
		return uuid.Nil, err
	}
	switch contents {
	case model.FolderContentActionDelete:
		links, err := loadFolderLinks(ctx, client, f.ProjectID)
		if err != nil {
			return uuid.Nil, err
		}
		doomed := links.descendants(id)
		videoIDs, err := client.Video.Query().Where(video.FolderIDIn(doomed...)).IDs(ctx)
		if err != nil {
			return uuid.Nil, err
		}
		// Rows first (videos while still in their folders, where the rights
		// are decided; then the folders, whose parent key is ON DELETE SET NULL, so
		// one statement removes the subtree), so that a refused principal is
		// stopped before any event or media removal is recorded.
		gone, err := removeVideos(ctx, client, videoIDs)
		if err != nil {
			return uuid.Nil, err
		}
		if _, err := client.Folder.Delete().Where(folder.IDIn(doomed...)).Exec(ctx); err != nil {
			return uuid.Nil, err
		}
		if err := r.videosRemoved(ctx, client, f.ProjectID, gone, "folder deleted"); err != nil {
			return uuid.Nil, err
		}
	default:
		children := client.Folder.Update().Where(folder.ParentID(id))
		videos := client.Video.Update().Where(video.FolderID(id))
		if f.ParentID == nil {
			children.ClearParentID()
			videos.ClearFolderID()
		} else {
			children.SetParentID(*f.ParentID)
			videos.SetFolderID(*f.ParentID)
		}
		if err := children.Exec(ctx); err != nil {
			return uuid.Nil, err
		}
		if err := videos.Exec(ctx); err != nil {
			return uuid.Nil, err
		}
		if err := client.Folder.DeleteOneID(id).Exec(ctx); err != nil {
			return uuid.Nil, err
		}
	}
	return id, nil
}

// folderTree lists a project's folders depth first, siblings by name, with their
// depth, ancestors and counts, in two queries whatever the size of the tree.
func (r *Resolver) folderTree(ctx context.Context, projectID uuid.UUID) ([]*model.FolderTreeNode, error) {
	client := r.db(ctx)
	if err := requireProject(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	links, err := loadFolderLinks(ctx, client, projectID)
	if err != nil {
		return nil, err
	}
	var counts []struct {
		FolderID uuid.UUID `json:"folder_id"`
		Count    int       `json:"count"`
	}
	err = client.Video.Query().
		Where(video.ProjectID(projectID), video.FolderIDNotNil()).
		GroupBy(video.FieldFolderID).
		Aggregate(ent.Count()).
		Scan(ctx, &counts)
	if err != nil {
		return nil, err
	}
	videoCount := make(map[uuid.UUID]int, len(counts))
	for _, c := range counts {
		videoCount[c.FolderID] = c.Count
	}
	children := map[uuid.UUID][]uuid.UUID{}
	var roots []uuid.UUID
	for id, parent := range links.parent {
		if parent == nil {
			roots = append(roots, id)
		} else {
			children[*parent] = append(children[*parent], id)
		}
	}
	byName := func(ids []uuid.UUID) {
		sort.Slice(ids, func(i, j int) bool {
			if links.names[ids[i]] != links.names[ids[j]] {
				return links.names[ids[i]] < links.names[ids[j]]
			}
			return ids[i].String() < ids[j].String()
		})
	}
	out := make([]*model.FolderTreeNode, 0, len(links.parent))
	var visit func(id uuid.UUID, path []uuid.UUID)
	visit = func(id uuid.UUID, path []uuid.UUID) {
		out = append(out, &model.FolderTreeNode{
			ID:         id,
			Name:       links.names[id],
			ParentID:   links.parent[id],
			Depth:      len(path),
			Path:       append([]uuid.UUID{}, path...),
			ChildCount: len(children[id]),
			VideoCount: videoCount[id],
		})
		kids := children[id]
		byName(kids)
		for _, kid := range kids {
			visit(kid, append(path, id))
		}
	}
	byName(roots)
	for _, root := range roots {
		visit(root, nil)
	}
	return out, nil
}
