package ingestapi

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/idempotency"
	projectlib "github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/upload"
	videolib "github.com/vidra-dev/vidra/internal/video"
)

// Upload token lifetimes, in seconds.
const (
	defaultUploadTokenTTL = 24 * 60 * 60
	maxUploadTokenTTL     = 7 * 24 * 60 * 60
)

// UploadTokenInput is what a new upload token is made of; nil fields take
// their defaults.
type UploadTokenInput struct {
	// Title is the new video's title; "Untitled upload" when nil.
	Title *string
	// FolderID is the folder of the project the video goes in.
	FolderID *uuid.UUID
	// MaxSize is the largest upload admitted, in bytes; the server's maximum when nil.
	MaxSize *int
	// ExpiresIn is the token's lifetime in seconds; one day when nil.
	ExpiresIn *int
}

// UploadCredentials are a new upload token and where to present it.
type UploadCredentials struct {
	// Token is the secret the upload presents; shown only here.
	Token string
	// ExpiresAt is when the token stops admitting uploads.
	ExpiresAt time.Time
	// MaxSize is the largest upload the token admits, in bytes.
	MaxSize int
	// UploadURL is the tus 1.0 creation URL; DirectUploadURL the single-request one.
	UploadURL, DirectUploadURL string
	// Video is the video the upload fills, in status created.
	Video *ent.Video
}

// CreateUploadToken creates a video in status created and a token for its
// upload, and records video.created.
func (s *Service) CreateUploadToken(ctx context.Context, projectID uuid.UUID, in UploadTokenInput) (*UploadCredentials, error) {
	var out *UploadCredentials
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if err := projectlib.Require(ctx, client, projectID, "projectID"); err != nil {
			return err
		}
		if err := s.checkLimits(projectID); err != nil {
			return err
		}
		if in.FolderID != nil {
			if _, err := videolib.FolderInProject(ctx, client, *in.FolderID, projectID, "folderID"); err != nil {
				return err
			}
		}
		maxSize := s.d.MaxUploadSize
		if in.MaxSize != nil {
			if *in.MaxSize <= 0 || int64(*in.MaxSize) > s.d.MaxUploadSize {
				return fault.FieldError("maxSize", "must be between 1 and %d bytes", s.d.MaxUploadSize)
			}
			maxSize = int64(*in.MaxSize)
		}
		ttl := defaultUploadTokenTTL
		if in.ExpiresIn != nil {
			if *in.ExpiresIn < 60 || *in.ExpiresIn > maxUploadTokenTTL {
				return fault.FieldError("expiresIn", "must be between 60 and %d seconds", maxUploadTokenTTL)
			}
			ttl = *in.ExpiresIn
		}
		title := "Untitled upload"
		if in.Title != nil {
			title = strings.TrimSpace(*in.Title)
		}
		v, err := client.Video.Create().SetProjectID(projectID).SetNillableFolderID(in.FolderID).SetTitle(title).Save(ctx)
		if err != nil {
			return err
		}
		token, hash := upload.NewToken()
		expires := time.Now().Add(time.Duration(ttl) * time.Second).UTC().Truncate(time.Second)
		if err := client.UploadToken.Create().SetProjectID(projectID).SetVideoID(v.ID).
			SetTokenHash(hash).SetMaxSize(maxSize).SetExpiresAt(expires).Exec(ctx); err != nil {
			return err
		}
		// The token's video is a video record like any other: announced as created.
		if err := s.record(ctx, events.VideoCreated, v.ProjectID, events.Video(v)); err != nil {
			return err
		}
		idempotency.NoteSecret(ctx, token)
		out = &UploadCredentials{
			Token:           token,
			ExpiresAt:       expires,
			MaxSize:         int(maxSize),
			UploadURL:       s.d.PublicURL + "/v1/uploads/",
			DirectUploadURL: s.d.PublicURL + "/v1/uploads/direct",
			Video:           v,
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
