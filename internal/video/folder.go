package video

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/folder"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/fault"
	projectlib "github.com/vidra-dev/vidra/internal/project"
)

// FolderContents says what becomes of a deleted folder's subfolders and videos.
type FolderContents int

// What a folder's deletion does with its contents.
const (
	// MoveContentsUp moves the subfolders and videos to the folder's parent (the
	// root when it has none).
	MoveContentsUp FolderContents = iota
	// DeleteContents deletes the whole subtree and every video in it.
	DeleteContents
)

// FolderInProject loads a folder and checks it belongs to the project; field names
// the input that referred to it (INVALID_INPUT on it when either fails).
func FolderInProject(ctx context.Context, client *ent.Client, id, projectID uuid.UUID, field string) (*ent.Folder, error) {
	f, err := client.Folder.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, fault.FieldError(field, "folder not found")
	}
	if err != nil {
		return nil, err
	}
	if f.ProjectID != projectID {
		return nil, fault.FieldError(field, "folder belongs to another project")
	}
	return f, nil
}

// CreateFolder creates a folder, under a parent of the same project when one is given.
func (s *Service) CreateFolder(ctx context.Context, input ent.CreateFolderInput) (f *ent.Folder, err error) {
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if err := projectlib.Require(ctx, client, input.ProjectID, "projectID"); err != nil {
			return err
		}
		if input.ParentID != nil {
			if _, err := FolderInProject(ctx, client, *input.ParentID, input.ProjectID, "parentID"); err != nil {
				return err
			}
		}
		f, err = client.Folder.Create().SetInput(input).Save(ctx)
		return err
	})
	return f, err
}

// UpdateFolder changes a folder's details (its name; moves are MoveFolders).
func (s *Service) UpdateFolder(ctx context.Context, id uuid.UUID, input ent.UpdateFolderInput) (f *ent.Folder, err error) {
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		f, err = client.Folder.UpdateOneID(id).SetInput(input).Save(ctx)
		return err
	})
	return f, err
}

// MoveFolder moves one folder under toFolderID (nil: the root).
func (s *Service) MoveFolder(ctx context.Context, id uuid.UUID, toFolderID *uuid.UUID) (*ent.Folder, error) {
	moved, err := s.MoveFolders(ctx, []uuid.UUID{id}, toFolderID)
	if err != nil {
		return nil, err
	}
	return moved[0], nil
}

// MoveFolders moves folders of one project under toFolderID (nil: the root), all
// or none. The destination must be a folder of the same project the principal
// can see; moving a folder into itself or one of its descendants is a CONFLICT.
func (s *Service) MoveFolders(ctx context.Context, ids []uuid.UUID, toFolderID *uuid.UUID) (moved []*ent.Folder, err error) {
	if len(ids) == 0 {
		return nil, fault.FieldError("ids", "give at least one folder")
	}
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		moved, err = moveFolders(ctx, client, ids, toFolderID)
		return err
	})
	return moved, err
}

// moveFolders is MoveFolders in the transaction of client.
func moveFolders(ctx context.Context, client *ent.Client, ids []uuid.UUID, toFolderID *uuid.UUID) ([]*ent.Folder, error) {
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
			return nil, fault.Errorf(fault.KindNotFound, "folder %s not found", id)
		}
	}
	projectID := folders[0].ProjectID
	for _, f := range folders {
		if f.ProjectID != projectID {
			return nil, fault.FieldError("ids", "folders belong to different projects")
		}
	}
	if toFolderID != nil {
		if _, err := FolderInProject(ctx, client, *toFolderID, projectID, "toFolderID"); err != nil {
			return nil, err
		}
		links, err := LoadFolderLinks(ctx, client, projectID)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			if links.isSelfOrDescendant(*toFolderID, id) {
				return nil, fault.Errorf(fault.KindConflict, "cannot move folder %q into itself or one of its subfolders", links.names[id])
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

// DeleteFolder deletes a folder; its subfolders and videos move to its parent or
// are deleted with it, as contents says. Deleted videos record video.deleted and
// owe the removal of their media, once the tenancy rules let their rows go.
func (s *Service) DeleteFolder(ctx context.Context, id uuid.UUID, contents FolderContents) (uuid.UUID, error) {
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		f, err := client.Folder.Get(ctx, id)
		if err != nil {
			return err
		}
		if contents == DeleteContents {
			return s.deleteFolderTree(ctx, client, f)
		}
		return moveContentsUp(ctx, client, f)
	})
	if err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// deleteFolderTree deletes folder f, every folder below it and their videos.
func (s *Service) deleteFolderTree(ctx context.Context, client *ent.Client, f *ent.Folder) error {
	links, err := LoadFolderLinks(ctx, client, f.ProjectID)
	if err != nil {
		return err
	}
	doomed := links.descendants(f.ID)
	videoIDs, err := client.Video.Query().Where(video.FolderIDIn(doomed...)).IDs(ctx)
	if err != nil {
		return err
	}
	// Rows first (videos while still in their folders, where the rights
	// are decided; then the folders, whose parent key is ON DELETE SET NULL, so
	// one statement removes the subtree), so that a refused principal is
	// stopped before any event or media removal is recorded.
	gone, err := removeVideos(ctx, client, videoIDs)
	if err != nil {
		return err
	}
	if _, err := client.Folder.Delete().Where(folder.IDIn(doomed...)).Exec(ctx); err != nil {
		return err
	}
	return s.videosRemoved(ctx, client, f.ProjectID, gone, "folder deleted")
}

// moveContentsUp deletes folder f after moving its subfolders and videos to its
// parent (the root when it has none).
func moveContentsUp(ctx context.Context, client *ent.Client, f *ent.Folder) error {
	children := client.Folder.Update().Where(folder.ParentID(f.ID))
	videos := client.Video.Update().Where(video.FolderID(f.ID))
	if f.ParentID == nil {
		children.ClearParentID()
		videos.ClearFolderID()
	} else {
		children.SetParentID(*f.ParentID)
		videos.SetFolderID(*f.ParentID)
	}
	if err := children.Exec(ctx); err != nil {
		return err
	}
	if err := videos.Exec(ctx); err != nil {
		return err
	}
	return client.Folder.DeleteOneID(f.ID).Exec(ctx)
}
