package playbackapi

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/staticrendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/playback"
)

// Token is a signed playback token of a video.
type Token struct {
	// Token is the secret; ExpiresAt when it stops admitting playback.
	Token     string
	ExpiresAt time.Time
	// DashURL is the DASH manifest URL with the token, for a CMAF video; nil otherwise.
	DashURL *string
	// PlaybackURL is the master playlist URL with the token in its query.
	PlaybackURL string
	// DownloadURLs are the download URLs of the video's static renditions
	// that have a file, with the token.
	DownloadURLs []string
}

// CreateToken signs a playback token for a video, valid for expiresIn seconds
// (within the project's bounds) or the project's default lifetime.
func (s *Service) CreateToken(ctx context.Context, videoID uuid.UUID, expiresIn *int) (*Token, error) {
	v, err := s.db(ctx).Video.Get(ctx, videoID)
	if err != nil {
		return nil, err
	}
	policy, err := s.d.Policies.PolicyFor(ctx, v.ProjectID)
	if err != nil {
		return nil, err
	}
	ttl := policy.TokenTTL
	if expiresIn != nil {
		ttl = time.Duration(*expiresIn) * time.Second
		if ttl < policy.TokenTTLMin || ttl > policy.TokenTTLMax {
			return nil, fault.FieldError("expiresIn", "must be between %d and %d seconds (the project's access control)",
				int(policy.TokenTTLMin.Seconds()), int(policy.TokenTTLMax.Seconds()))
		}
	}
	exp := time.Now().Add(ttl).UTC().Truncate(time.Second)
	token := s.d.Signer.Sign(v.ID, exp)
	idempotency.NoteSecret(ctx, token)
	t := &Token{
		Token:       token,
		ExpiresAt:   exp,
		PlaybackURL: s.URL(v.ID, "master.m3u8") + "?token=" + token,
	}
	if v.Packaging == video.PackagingCmaf {
		u := s.URL(v.ID, media.DASHManifestName) + "?token=" + token
		t.DashURL = &u
	}
	files, err := s.db(ctx).StaticRendition.Query().
		Where(staticrendition.VideoID(v.ID), staticrendition.BlobKeyNEQ("")).
		Order(staticrendition.ByResolution()).Select(staticrendition.FieldFileName).Strings(ctx)
	if err != nil {
		return nil, err
	}
	t.DownloadURLs = make([]string, len(files))
	for i, f := range files {
		t.DownloadURLs[i] = s.URL(v.ID, playback.DownloadsFolder+f) + "?token=" + token
	}
	return t, nil
}
