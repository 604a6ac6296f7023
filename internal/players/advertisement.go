package players

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/advertisement"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/project"
)

// Bounds of advertisements.
const (
	maxAdvertisements = 100
	maxAdOffsets      = 50
)

// validateAdvertisement checks an advertisement's tag URL and that its offsets
// suit its placement. It runs on the saved row inside the mutation's transaction,
// so a failure rolls the change back.
func validateAdvertisement(a *ent.Advertisement) error {
	if err := checkHTTPURL(a.TagURL, "tagURL"); err != nil {
		return err
	}
	if a.Placement != advertisement.PlacementMidRoll {
		if len(a.Offsets) > 0 {
			return fault.FieldError("offsets", "only mid_roll advertisements take offsets")
		}
		return nil
	}
	if len(a.Offsets) == 0 || len(a.Offsets) > maxAdOffsets {
		return fault.FieldError("offsets", "a mid_roll advertisement needs 1 to %d offsets (seconds)", maxAdOffsets)
	}
	for i, o := range a.Offsets {
		if o <= 0 {
			return fault.FieldError("offsets", "mid-roll offsets are seconds after the start, greater than 0")
		}
		if i > 0 && o <= a.Offsets[i-1] {
			return fault.FieldError("offsets", "offsets must be ascending and distinct")
		}
	}
	return nil
}

// projectAdvertisement loads an advertisement of a project; NOT_FOUND otherwise.
func projectAdvertisement(ctx context.Context, client *ent.Client, projectID, id uuid.UUID) (*ent.Advertisement, error) {
	a, err := client.Advertisement.Query().Where(advertisement.ID(id), advertisement.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("advertisement")
	}
	return a, err
}

// Advertisements lists a project's advertisements, oldest first (never nil).
func (s *Service) Advertisements(ctx context.Context, projectID uuid.UUID) ([]*ent.Advertisement, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	list, err := client.Advertisement.Query().
		Where(advertisement.ProjectID(projectID)).
		Order(advertisement.ByCreatedAt(), advertisement.ByID()).
		All(ctx)
	if list == nil && err == nil {
		list = []*ent.Advertisement{}
	}
	return list, err
}

// Advertisement loads one advertisement of a project.
func (s *Service) Advertisement(ctx context.Context, projectID, id uuid.UUID) (*ent.Advertisement, error) {
	return projectAdvertisement(ctx, s.db(ctx), projectID, id)
}

// CreateAdvertisement creates an advertisement in a project (at most maxAdvertisements).
func (s *Service) CreateAdvertisement(ctx context.Context, projectID uuid.UUID, input ent.CreateAdvertisementInput) (*ent.Advertisement, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	n, err := client.Advertisement.Query().Where(advertisement.ProjectID(projectID)).Count(ctx)
	if err != nil {
		return nil, err
	}
	if n >= maxAdvertisements {
		return nil, fault.Errorf(fault.KindConflict, "a project has at most %d advertisements", maxAdvertisements)
	}
	a, err := client.Advertisement.Create().SetInput(input).SetProjectID(projectID).Save(ctx)
	if err != nil {
		return nil, err
	}
	return a, validateAdvertisement(a)
}

// UpdateAdvertisement changes an advertisement of a project.
func (s *Service) UpdateAdvertisement(ctx context.Context, projectID, id uuid.UUID, input ent.UpdateAdvertisementInput) (*ent.Advertisement, error) {
	client := s.db(ctx)
	a, err := projectAdvertisement(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	a, err = a.Update().SetInput(input).Save(ctx)
	if err != nil {
		return nil, err
	}
	return a, validateAdvertisement(a)
}

// DeleteAdvertisement deletes an advertisement of a project.
func (s *Service) DeleteAdvertisement(ctx context.Context, projectID, id uuid.UUID) (uuid.UUID, error) {
	client := s.db(ctx)
	a, err := projectAdvertisement(ctx, client, projectID, id)
	if err != nil {
		return uuid.Nil, err
	}
	return id, client.Advertisement.DeleteOne(a).Exec(ctx)
}
