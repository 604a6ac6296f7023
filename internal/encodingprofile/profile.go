package encodingprofile

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/encodingprofile"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/ladder"
	"github.com/vidra-dev/vidra/internal/project"
)

// profileLadder validates an input ladder and returns it normalised.
func profileLadder(in []*ladder.Rendition) ([]ladder.Rendition, error) {
	rs := make([]ladder.Rendition, len(in))
	for i, r := range in {
		rs[i] = *r
	}
	var le *ladder.Error
	if err := ladder.Validate(rs); errors.As(err, &le) {
		field := "renditions"
		if le.Index >= 0 {
			field = fmt.Sprintf("renditions[%d].%s", le.Index, le.Field)
		}
		return nil, fault.FieldError(field, "%s", le.Error())
	}
	return ladder.Normalize(rs), nil
}

// projectEncodingProfile loads a profile of a project; NOT_FOUND otherwise.
func projectEncodingProfile(ctx context.Context, client *ent.Client, projectID, id uuid.UUID) (*ent.EncodingProfile, error) {
	p, err := client.EncodingProfile.Query().Where(encodingprofile.ID(id), encodingprofile.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("encoding profile")
	}
	return p, err
}

// List lists a project's encoding profiles, oldest first.
func (s *Service) List(ctx context.Context, projectID uuid.UUID) ([]*ent.EncodingProfile, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	return client.EncodingProfile.Query().
		Where(encodingprofile.ProjectID(projectID)).
		Order(encodingprofile.ByCreatedAt(), encodingprofile.ByID()).
		All(ctx)
}

// Get loads one profile of a project.
func (s *Service) Get(ctx context.Context, projectID, id uuid.UUID) (*ent.EncodingProfile, error) {
	return projectEncodingProfile(ctx, s.db(ctx), projectID, id)
}

// Create creates a profile with a validated ladder (at most maxProfiles a project).
func (s *Service) Create(ctx context.Context, projectID uuid.UUID, in Input) (*ent.EncodingProfile, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	rs, err := profileLadder(in.Renditions)
	if err != nil {
		return nil, err
	}
	n, err := client.EncodingProfile.Query().Where(encodingprofile.ProjectID(projectID)).Count(ctx)
	if err != nil {
		return nil, err
	}
	if n >= maxProfiles {
		return nil, fault.Errorf(fault.KindConflict, "a project has at most %d encoding profiles", maxProfiles)
	}
	return client.EncodingProfile.Create().
		SetProjectID(projectID).
		SetName(in.Name).
		SetRenditions(rs).
		Save(ctx)
}

// Update replaces a profile's name and ladder.
func (s *Service) Update(ctx context.Context, projectID, id uuid.UUID, in Input) (*ent.EncodingProfile, error) {
	client := s.db(ctx)
	p, err := projectEncodingProfile(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	rs, err := profileLadder(in.Renditions)
	if err != nil {
		return nil, err
	}
	return p.Update().SetName(in.Name).SetRenditions(rs).Save(ctx)
}

// Delete deletes a profile of a project.
func (s *Service) Delete(ctx context.Context, projectID, id uuid.UUID) (uuid.UUID, error) {
	client := s.db(ctx)
	p, err := projectEncodingProfile(ctx, client, projectID, id)
	if err != nil {
		return uuid.Nil, err
	}
	return id, client.EncodingProfile.DeleteOne(p).Exec(ctx)
}

// SetDefault makes a profile the project's default, clearing the
// previous one in the same transaction (a partial unique index backs this).
func (s *Service) SetDefault(ctx context.Context, projectID, id uuid.UUID) (*ent.EncodingProfile, error) {
	client := s.db(ctx)
	p, err := projectEncodingProfile(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	err = client.EncodingProfile.Update().
		Where(encodingprofile.ProjectID(projectID), encodingprofile.IsDefault(true), encodingprofile.IDNEQ(id)).
		SetIsDefault(false).
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	return p.Update().SetIsDefault(true).Save(ctx)
}

// EffectiveLadder is the ladder new videos of a project get: its default
// profile's, or ladder.Default.
func (s *Service) EffectiveLadder(ctx context.Context, projectID uuid.UUID) ([]*ladder.Rendition, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	rs, err := defaultLadder(ctx, client, projectID)
	if err != nil {
		return nil, err
	}
	out := make([]*ladder.Rendition, len(rs))
	for i := range rs {
		out[i] = &rs[i]
	}
	return out, nil
}
