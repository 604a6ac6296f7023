package players

import (
	"context"

	"github.com/google/uuid"
	"golang.org/x/text/language"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/player"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/project"
)

// maxPlayers caps the players of a project.
const maxPlayers = 50

// validatePlayer checks the rules of a player that its fields alone cannot: URLs,
// speed options and the caption language. It runs on the saved row inside the
// mutation's transaction, so a failure rolls the change back.
func validatePlayer(p *ent.Player) error {
	if err := checkOptionalURL(p.LogoURL, "logoURL"); err != nil {
		return err
	}
	if err := checkOptionalURL(p.WatermarkURL, "watermarkURL"); err != nil {
		return err
	}
	if len(p.SpeedOptions) == 0 || len(p.SpeedOptions) > 10 {
		return fault.FieldError("speedOptions", "give 1 to 10 playback speeds")
	}
	for i, s := range p.SpeedOptions {
		if s <= 0 || s > 4 {
			return fault.FieldError("speedOptions", "playback speed %g is not in (0, 4]", s)
		}
		if i > 0 && s <= p.SpeedOptions[i-1] {
			return fault.FieldError("speedOptions", "playback speeds must be ascending and distinct")
		}
	}
	if p.DefaultCaptionLanguage != "" {
		if _, err := language.Parse(p.DefaultCaptionLanguage); err != nil {
			return fault.FieldError("defaultCaptionLanguage", "%q is not a BCP 47 language tag", p.DefaultCaptionLanguage)
		}
	}
	return nil
}

// projectPlayer loads a player of a project; NOT_FOUND when the project has no such player.
func projectPlayer(ctx context.Context, client *ent.Client, projectID, id uuid.UUID) (*ent.Player, error) {
	p, err := client.Player.Query().Where(player.ID(id), player.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("player")
	}
	return p, err
}

// List lists a project's players, oldest first.
func (s *Service) List(ctx context.Context, projectID uuid.UUID) ([]*ent.Player, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	return client.Player.Query().Where(player.ProjectID(projectID)).Order(player.ByCreatedAt(), player.ByID()).All(ctx)
}

// Get loads one player of a project.
func (s *Service) Get(ctx context.Context, projectID, id uuid.UUID) (*ent.Player, error) {
	return projectPlayer(ctx, s.db(ctx), projectID, id)
}

// Create creates a player in a project (at most maxPlayers).
func (s *Service) Create(ctx context.Context, projectID uuid.UUID, input ent.CreatePlayerInput) (*ent.Player, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	n, err := client.Player.Query().Where(player.ProjectID(projectID)).Count(ctx)
	if err != nil {
		return nil, err
	}
	if n >= maxPlayers {
		return nil, fault.Errorf(fault.KindConflict, "a project has at most %d players", maxPlayers)
	}
	p, err := client.Player.Create().SetInput(input).SetProjectID(projectID).Save(ctx)
	if err != nil {
		return nil, err
	}
	return p, validatePlayer(p)
}

// Update changes a player of a project.
func (s *Service) Update(ctx context.Context, projectID, id uuid.UUID, input ent.UpdatePlayerInput) (*ent.Player, error) {
	client := s.db(ctx)
	p, err := projectPlayer(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	p, err = p.Update().SetInput(input).Save(ctx)
	if err != nil {
		return nil, err
	}
	return p, validatePlayer(p)
}

// Delete deletes a player of a project.
func (s *Service) Delete(ctx context.Context, projectID, id uuid.UUID) (uuid.UUID, error) {
	client := s.db(ctx)
	p, err := projectPlayer(ctx, client, projectID, id)
	if err != nil {
		return uuid.Nil, err
	}
	return id, client.Player.DeleteOne(p).Exec(ctx)
}

// SetDefault makes a player the project's default. The previous default is
// cleared first in the same transaction; a partial unique index guarantees one
// default even under concurrent calls (the loser gets CONFLICT).
func (s *Service) SetDefault(ctx context.Context, projectID, id uuid.UUID) (*ent.Player, error) {
	client := s.db(ctx)
	p, err := projectPlayer(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	err = client.Player.Update().
		Where(player.ProjectID(projectID), player.IsDefault(true), player.IDNEQ(id)).
		SetIsDefault(false).
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	return p.Update().SetIsDefault(true).Save(ctx)
}
