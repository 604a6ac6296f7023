package video

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/tag"
	"github.com/vidra-dev/vidra/internal/fault"
	projectlib "github.com/vidra-dev/vidra/internal/project"
)

// CreateTag creates a tag in an existing project; names are unique per project.
func (s *Service) CreateTag(ctx context.Context, input ent.CreateTagInput) (t *ent.Tag, err error) {
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if err := projectlib.Require(ctx, client, input.ProjectID, "projectID"); err != nil {
			return err
		}
		exists, err := client.Tag.Query().Where(tag.ProjectID(input.ProjectID), tag.Name(input.Name)).Exist(ctx)
		if err != nil {
			return err
		}
		if exists {
			return &fault.Error{Kind: fault.KindConflict, Field: "name", Message: "a tag with this name already exists"}
		}
		t, err = client.Tag.Create().SetInput(input).Save(ctx)
		return err
	})
	return t, err
}

// DeleteTag deletes a tag (its videos lose it).
func (s *Service) DeleteTag(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		return client.Tag.DeleteOneID(id).Exec(ctx)
	})
	if err != nil {
		return uuid.Nil, err
	}
	return id, nil
}
