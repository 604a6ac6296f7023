package graph

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/encodingprofile"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/ladder"
	projectlib "github.com/vidra-dev/vidra/internal/project"
)

// maxEncodingProfiles caps the encoding profiles of a project.
const maxEncodingProfiles = 50

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
		return nil, FieldError(field, "%s", le.Error())
	}
	return ladder.Normalize(rs), nil
}

// projectEncodingProfile loads a profile of a project; NOT_FOUND otherwise.
func projectEncodingProfile(ctx context.Context, client *ent.Client, projectID, id uuid.UUID) (*ent.EncodingProfile, error) {
	p, err := client.EncodingProfile.Query().Where(encodingprofile.ID(id), encodingprofile.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, NotFound("encoding profile")
	}
	return p, err
}

// encodingProfiles lists a project's encoding profiles, oldest first.
func (r *Resolver) encodingProfiles(ctx context.Context, projectID uuid.UUID) ([]*ent.EncodingProfile, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	return client.EncodingProfile.Query().
		Where(encodingprofile.ProjectID(projectID)).
		Order(encodingprofile.ByCreatedAt(), encodingprofile.ByID()).
		All(ctx)
}

// encodingProfile loads one profile of a project.
func (r *Resolver) encodingProfile(ctx context.Context, projectID, id uuid.UUID) (*ent.EncodingProfile, error) {
	return projectEncodingProfile(ctx, r.db(ctx), projectID, id)
}

// createEncodingProfile creates a profile with a validated ladder.
func (r *Resolver) createEncodingProfile(ctx context.Context, projectID uuid.UUID, in model.EncodingProfileInput) (*ent.EncodingProfile, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
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
	if n >= maxEncodingProfiles {
		return nil, Errorf(KindConflict, "a project has at most %d encoding profiles", maxEncodingProfiles)
	}
	return client.EncodingProfile.Create().
		SetProjectID(projectID).
		SetName(in.Name).
		SetRenditions(rs).
		Save(ctx)
}

// updateEncodingProfile replaces a profile's name and ladder.
func (r *Resolver) updateEncodingProfile(ctx context.Context, projectID, id uuid.UUID, in model.EncodingProfileInput) (*ent.EncodingProfile, error) {
	client := r.db(ctx)
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

// deleteEncodingProfile deletes a profile of a project.
func (r *Resolver) deleteEncodingProfile(ctx context.Context, projectID, id uuid.UUID) (uuid.UUID, error) {
	client := r.db(ctx)
	p, err := projectEncodingProfile(ctx, client, projectID, id)
	if err != nil {
		return uuid.Nil, err
	}
	return id, client.EncodingProfile.DeleteOne(p).Exec(ctx)
}

// setDefaultEncodingProfile makes a profile the project's default, clearing the
// previous one in the same transaction (a partial unique index backs this).
func (r *Resolver) setDefaultEncodingProfile(ctx context.Context, projectID, id uuid.UUID) (*ent.EncodingProfile, error) {
	client := r.db(ctx)
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

// effectiveEncodingLadder is the ladder new videos of a project get: its default
// profile's, or ladder.Default.
func (r *Resolver) effectiveEncodingLadder(ctx context.Context, projectID uuid.UUID) ([]*ladder.Rendition, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	rs, err := defaultProfileLadder(ctx, client, projectID)
	if err != nil {
		return nil, err
	}
	out := make([]*ladder.Rendition, len(rs))
	for i := range rs {
		out[i] = &rs[i]
	}
	return out, nil
}
