package video

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/folder"
)

// FolderLinks is the shape of a project's folder tree: each folder's parent and
// name, read in one query so that tree rules cost the same however deep the tree is.
type FolderLinks struct {
	parent map[uuid.UUID]*uuid.UUID
	names  map[uuid.UUID]string
}

// LoadFolderLinks reads every folder of a project (id, parent, name) in one query,
// as far as the principal of ctx may see them.
func LoadFolderLinks(ctx context.Context, client *ent.Client, projectID uuid.UUID) (*FolderLinks, error) {
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
	links := &FolderLinks{parent: make(map[uuid.UUID]*uuid.UUID, len(rows)), names: make(map[uuid.UUID]string, len(rows))}
	for _, r := range rows {
		links.parent[r.ID] = r.ParentID
		links.names[r.ID] = r.Name
	}
	return links, nil
}

// isSelfOrDescendant reports whether candidate is folder id itself or lies below it.
func (l *FolderLinks) isSelfOrDescendant(candidate, id uuid.UUID) bool {
	for steps, cur := 0, &candidate; cur != nil && steps <= len(l.parent); steps++ {
		if *cur == id {
			return true
		}
		cur = l.parent[*cur]
	}
	return false
}

// descendants returns folder id and every folder below it.
func (l *FolderLinks) descendants(id uuid.UUID) []uuid.UUID {
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

// Ancestry is a folder followed by its ancestors, nearest first; nil when the
// folder is not in the project.
func (l *FolderLinks) Ancestry(id uuid.UUID) []uuid.UUID {
	if _, ok := l.parent[id]; !ok {
		return nil
	}
	var out []uuid.UUID
	for cur := &id; cur != nil && len(out) <= len(l.parent); cur = l.parent[*cur] {
		out = append(out, *cur)
	}
	return out
}
