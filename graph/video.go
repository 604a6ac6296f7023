package graph

import (
	"context"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/tag"
	"github.com/vidra-dev/vidra/internal/events"
)

// checkVideoRefs checks that a video's folder and tags belong to its project.
func checkVideoRefs(ctx context.Context, client *ent.Client, projectID uuid.UUID, folderID *uuid.UUID, tagIDs []uuid.UUID) error {
	if folderID != nil {
		if _, err := folderInProject(ctx, client, *folderID, projectID, "folderID"); err != nil {
			return err
		}
	}
	if len(tagIDs) == 0 {
		return nil
	}
	n, err := client.Tag.Query().Where(tag.IDIn(tagIDs...), tag.ProjectID(projectID)).Count(ctx)
	if err != nil {
		return err
	}
	if n != len(unique(tagIDs)) {
		return FieldError("tagIDs", "a tag does not exist in this project")
	}
	return nil
}

// createVideo creates a video record in a project (its media arrives by upload).
func (r *Resolver) createVideo(ctx context.Context, input ent.CreateVideoInput) (*ent.Video, error) {
	client := r.db(ctx)
	if err := requireProject(ctx, client, input.ProjectID, "projectID"); err != nil {
		return nil, err
	}
	if err := checkVideoRefs(ctx, client, input.ProjectID, input.FolderID, input.TagIDs); err != nil {
		return nil, err
	}
	v, err := client.Video.Create().SetInput(input).Save(ctx)
	if err != nil {
		return nil, err
	}
	return v, r.recordEvent(ctx, events.VideoCreated, v.ProjectID, events.Video(v))
}

// updateVideo changes a video's details, keeping its folder and tags in its project.
func (r *Resolver) updateVideo(ctx context.Context, id uuid.UUID, input ent.UpdateVideoInput) (*ent.Video, error) {
	client := r.db(ctx)
	v, err := client.Video.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := checkVideoRefs(ctx, client, v.ProjectID, input.FolderID, input.AddTagIDs); err != nil {
		return nil, err
	}
	return client.Video.UpdateOne(v).SetInput(input).Save(ctx)
}

// createTag creates a tag in an existing project; names are unique per project.
func (r *Resolver) createTag(ctx context.Context, input ent.CreateTagInput) (*ent.Tag, error) {
	client := r.db(ctx)
	if err := requireProject(ctx, client, input.ProjectID, "projectID"); err != nil {
		return nil, err
	}
	exists, err := client.Tag.Query().Where(tag.ProjectID(input.ProjectID), tag.Name(input.Name)).Exist(ctx)
	if err != nil {
		return nil, err
	}
	if exists {
		return nil, &Error{Kind: KindConflict, Field: "name", Message: "a tag with this name already exists"}
	}
	return client.Tag.Create().SetInput(input).Save(ctx)
}

// unique returns ids without repeats, in first-seen order.
func unique(ids []uuid.UUID) []uuid.UUID {
	seen := make(map[uuid.UUID]bool, len(ids))
	out := ids[:0:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// inOrder arranges loaded entities in the order of the ids asked for.
func inOrder[T any](items []T, ids []uuid.UUID, idOf func(T) uuid.UUID) []T {
	byID := make(map[uuid.UUID]T, len(items))
	for _, it := range items {
		byID[idOf(it)] = it
	}
	out := make([]T, 0, len(ids))
	for _, id := range ids {
		if it, ok := byID[id]; ok {
			out = append(out, it)
		}
	}
	return out
}
