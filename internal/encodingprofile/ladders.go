package encodingprofile

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/encodingprofile"
	"github.com/vidra-dev/vidra/internal/ladder"
	"github.com/vidra-dev/vidra/internal/media"
)

// Ladders is the media pipeline's LadderSource backed by encoding profiles: a
// project's videos are transcoded with its default profile's ladder, or
// ladder.Default when it has none.
type Ladders struct {
	Client *ent.Client
}

var _ media.LadderSource = Ladders{}

// LadderFor returns the project's effective ladder as rungs.
func (l Ladders) LadderFor(ctx context.Context, projectID uuid.UUID) ([]media.Rung, error) {
	rs, err := defaultLadder(ctx, l.Client, projectID)
	if err != nil {
		return nil, err
	}
	return media.RungsOf(rs), nil
}

// defaultLadder is the ladder of the project's default encoding profile, or
// ladder.Default. It does not check the caller's rights: the service's
// EffectiveLadder does, and the transcoder has none.
func defaultLadder(ctx context.Context, client *ent.Client, projectID uuid.UUID) ([]ladder.Rendition, error) {
	p, err := client.EncodingProfile.Query().
		Where(encodingprofile.ProjectID(projectID), encodingprofile.IsDefault(true)).
		Only(ctx)
	switch {
	case ent.IsNotFound(err):
		return ladder.Default(), nil
	case err != nil:
		return nil, err
	}
	return p.Renditions, nil
}
