package graph

import (
	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/graph/model"
	videolib "github.com/vidra-dev/vidra/internal/video"
)

// The GraphQL shapes of internal/video's arguments and answers.

// folderContents is the domain's name of a FolderContentAction.
func folderContents(a model.FolderContentAction) videolib.FolderContents {
	if a == model.FolderContentActionDelete {
		return videolib.DeleteContents
	}
	return videolib.MoveContentsUp
}

// folderTreeNodes is a folder tree as GraphQL nodes.
func folderTreeNodes(nodes []videolib.FolderNode, err error) ([]*model.FolderTreeNode, error) {
	if err != nil {
		return nil, err
	}
	out := make([]*model.FolderTreeNode, len(nodes))
	for i, n := range nodes {
		out[i] = &model.FolderTreeNode{
			ID: n.ID, Name: n.Name, ParentID: n.ParentID, Depth: n.Depth, Path: n.Path,
			ChildCount: n.ChildCount, VideoCount: n.VideoCount,
		}
	}
	return out, nil
}

// metadataInput is metadata entries as the domain takes them.
func metadataInput(in []*model.MetadataEntryInput) []videolib.MetadataEntry {
	out := make([]videolib.MetadataEntry, len(in))
	for i, e := range in {
		out[i] = videolib.MetadataEntry{Key: e.Key, Value: e.Value}
	}
	return out
}

// metadataEntries is a video's metadata as GraphQL entries.
func metadataEntries(entries []videolib.MetadataEntry, err error) ([]*model.MetadataEntry, error) {
	if err != nil {
		return nil, err
	}
	out := make([]*model.MetadataEntry, len(entries))
	for i, e := range entries {
		out[i] = &model.MetadataEntry{Key: e.Key, Value: e.Value}
	}
	return out, nil
}

// chapterInput is chapters as the domain takes them.
func chapterInput(in []*model.ChapterInput) []videolib.ChapterInput {
	out := make([]videolib.ChapterInput, len(in))
	for i, c := range in {
		out[i] = videolib.ChapterInput{Title: c.Title, StartSeconds: c.StartSeconds}
	}
	return out
}

// videoPage is a connection's arguments as the domain takes them.
func videoPage(after *entgql.Cursor[uuid.UUID], first *int, before *entgql.Cursor[uuid.UUID], last *int, orderBy *ent.VideoOrder) videolib.Page {
	return videolib.Page{After: after, First: first, Before: before, Last: last, OrderBy: orderBy}
}
