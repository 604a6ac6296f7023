package video

import (
	"context"
	"sort"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	projectlib "github.com/vidra-dev/vidra/internal/project"
)

// FolderNode is a folder in a project's tree, with its place in it.
type FolderNode struct {
	ID       uuid.UUID
	Name     string
	ParentID *uuid.UUID
	// Depth is 0 for a folder at the root.
	Depth int
	// Path is the folder's ancestors, the root's child first.
	Path []uuid.UUID
	// ChildCount and VideoCount count the folder's own subfolders and videos.
	ChildCount int
	VideoCount int
}

// FolderTree lists a project's folders depth first, siblings by name, with their
// depth, ancestors and counts, in two queries whatever the size of the tree.
func (s *Service) FolderTree(ctx context.Context, projectID uuid.UUID) ([]FolderNode, error) {
	client := s.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	links, err := LoadFolderLinks(ctx, client, projectID)
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
	return links.tree(videoCount), nil
}

// tree lays the folders out depth first, siblings by name (then id).
func (l *FolderLinks) tree(videoCount map[uuid.UUID]int) []FolderNode {
	children := map[uuid.UUID][]uuid.UUID{}
	var roots []uuid.UUID
	for id, parent := range l.parent {
		if parent == nil {
			roots = append(roots, id)
		} else {
			children[*parent] = append(children[*parent], id)
		}
	}
	byName := func(ids []uuid.UUID) {
		sort.Slice(ids, func(i, j int) bool {
			if l.names[ids[i]] != l.names[ids[j]] {
				return l.names[ids[i]] < l.names[ids[j]]
			}
			return ids[i].String() < ids[j].String()
		})
	}
	out := make([]FolderNode, 0, len(l.parent))
	var visit func(id uuid.UUID, path []uuid.UUID)
	visit = func(id uuid.UUID, path []uuid.UUID) {
		out = append(out, FolderNode{
			ID:         id,
			Name:       l.names[id],
			ParentID:   l.parent[id],
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
	return out
}
