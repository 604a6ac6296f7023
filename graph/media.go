package graph

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/rendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/playback"
	projectlib "github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/upload"
	videolib "github.com/vidra-dev/vidra/internal/video"
	"github.com/vidra-dev/vidra/internal/vimeo"
)

// MediaDeps are the media pipeline's parts the resolvers use.
type MediaDeps struct {
	// Queue receives import jobs after their mutation commits.
	Queue *jobs.Queue
	// Signer signs playback tokens.
	Signer *playback.Signer
	// Policies give each project's playback policy (token lifetime).
	Policies playback.PolicySource
	// PublicURL is the address clients see (VIDRA_PUBLIC_URL), for upload and playback URLs.
	PublicURL string
	// MaxUploadSize is the largest upload a token may admit.
	MaxUploadSize int64
	// Vimeo is the Vimeo API the importer checks credentials against.
	Vimeo *vimeo.Client
}

// Upload token lifetimes, in seconds.
const (
	defaultUploadTokenTTL = 24 * 60 * 60
	maxUploadTokenTTL     = 7 * 24 * 60 * 60
)

// createUploadToken creates a video in status created and a token for its upload.
func (r *Resolver) createUploadToken(ctx context.Context, projectID uuid.UUID, in model.CreateUploadTokenInput) (*model.UploadCredentials, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, "projectID"); err != nil {
		return nil, err
	}
	if err := r.billing.Limits.CheckProject(projectID); err != nil {
		return nil, billingError(err)
	}
	if in.FolderID != nil {
		if _, err := videolib.FolderInProject(ctx, client, *in.FolderID, projectID, "folderID"); err != nil {
			return nil, err
		}
	}
	maxSize := r.media.MaxUploadSize
	if in.MaxSize != nil {
		if *in.MaxSize <= 0 || int64(*in.MaxSize) > r.media.MaxUploadSize {
			return nil, FieldError("maxSize", "must be between 1 and %d bytes", r.media.MaxUploadSize)
		}
		maxSize = int64(*in.MaxSize)
	}
	ttl := defaultUploadTokenTTL
	if in.ExpiresIn != nil {
		if *in.ExpiresIn < 60 || *in.ExpiresIn > maxUploadTokenTTL {
			return nil, FieldError("expiresIn", "must be between 60 and %d seconds", maxUploadTokenTTL)
		}
		ttl = *in.ExpiresIn
	}
	title := "Untitled upload"
	if in.Title != nil {
		title = strings.TrimSpace(*in.Title)
	}
	v, err := client.Video.Create().SetProjectID(projectID).SetNillableFolderID(in.FolderID).SetTitle(title).Save(ctx)
	if err != nil {
		return nil, err
	}
	token, hash := upload.NewToken()
	expires := time.Now().Add(time.Duration(ttl) * time.Second).UTC().Truncate(time.Second)
	if err := client.UploadToken.Create().SetProjectID(projectID).SetVideoID(v.ID).
		SetTokenHash(hash).SetMaxSize(maxSize).SetExpiresAt(expires).Exec(ctx); err != nil {
		return nil, err
	}
	// The token's video is a video record like any other: announced as created.
	if err := r.recordEvent(ctx, events.VideoCreated, v.ProjectID, events.Video(v)); err != nil {
		return nil, err
	}
	idempotency.NoteSecret(ctx, token)
	return &model.UploadCredentials{
		Token:           token,
		ExpiresAt:       expires,
		MaxSize:         int(maxSize),
		UploadURL:       r.media.PublicURL + "/v1/uploads/",
		DirectUploadURL: r.media.PublicURL + "/v1/uploads/direct",
		Video:           v,
	}, nil
}

// createPlaybackToken signs a playback token for a video, valid for expiresIn
// seconds (within the project's bounds) or the project's default lifetime.
func (r *Resolver) createPlaybackToken(ctx context.Context, videoID uuid.UUID, expiresIn *int) (*model.PlaybackToken, error) {
	v, err := r.db(ctx).Video.Get(ctx, videoID)
	if err != nil {
		return nil, err
	}
	policy, err := r.media.Policies.PolicyFor(ctx, v.ProjectID)
	if err != nil {
		return nil, err
	}
	ttl := policy.TokenTTL
	if expiresIn != nil {
		ttl = time.Duration(*expiresIn) * time.Second
		if ttl < policy.TokenTTLMin || ttl > policy.TokenTTLMax {
			return nil, FieldError("expiresIn", "must be between %d and %d seconds (the project's access control)",
				int(policy.TokenTTLMin.Seconds()), int(policy.TokenTTLMax.Seconds()))
		}
	}
	exp := time.Now().Add(ttl).UTC().Truncate(time.Second)
	token := r.media.Signer.Sign(v.ID, exp)
	idempotency.NoteSecret(ctx, token)
	return &model.PlaybackToken{
		Token:       token,
		ExpiresAt:   exp,
		PlaybackURL: r.playURL(v.ID, "master.m3u8") + "?token=" + token,
	}, nil
}

// pullVideo creates a video whose file is imported from a URL. The video row
// (uploading, with its source URL and no source) records the owed import; the job
// is queued once the mutation commits.
func (r *Resolver) pullVideo(ctx context.Context, projectID uuid.UUID, in model.PullVideoInput) (*ent.Video, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, "projectID"); err != nil {
		return nil, err
	}
	if err := r.billing.Limits.CheckProject(projectID); err != nil {
		return nil, billingError(err)
	}
	u, err := jobs.CheckImportURL(strings.TrimSpace(in.URL))
	if err != nil {
		return nil, FieldError("url", "%s", err.Error())
	}
	if in.FolderID != nil {
		if _, err := videolib.FolderInProject(ctx, client, *in.FolderID, projectID, "folderID"); err != nil {
			return nil, err
		}
	}
	title := titleFromURL(u.Path)
	if in.Title != nil {
		title = strings.TrimSpace(*in.Title)
	}
	return r.importing.CreatePulledVideo(ctx, client.Video.Create().SetProjectID(projectID).SetNillableFolderID(in.FolderID).
		SetTitle(title).SetSourceURL(u.String()))
}

func titleFromURL(p string) string {
	name := p[strings.LastIndex(p, "/")+1:]
	if name == "" {
		return "Imported video"
	}
	return name
}

// playURL is the public URL of a file of a video's playback.
func (r *Resolver) playURL(videoID uuid.UUID, file string) string {
	return fmt.Sprintf("%s/v1/play/%s/%s", r.media.PublicURL, videoID, file)
}

// videoPlaybackURL is the master playlist URL once a rendition is playable.
func (r *Resolver) videoPlaybackURL(ctx context.Context, v *ent.Video) (*string, error) {
	switch v.Status {
	case video.StatusReady:
	case video.StatusProcessing:
		ok, err := r.db(ctx).Rendition.Query().Where(rendition.VideoID(v.ID), rendition.StatusEQ(rendition.StatusReady)).Exist(ctx)
		if err != nil || !ok {
			return nil, err
		}
	default:
		return nil, nil
	}
	u := r.playURL(v.ID, "master.m3u8")
	return &u, nil
}

// videoTimeline describes a video's storyboard, nil until it has one.
func (r *Resolver) videoTimeline(v *ent.Video) *model.VideoTimeline {
	sb := v.Storyboard
	if sb == nil {
		return nil
	}
	return &model.VideoTimeline{
		SpriteURL:  r.playURL(v.ID, "storyboard.jpg"),
		VttURL:     r.playURL(v.ID, "storyboard.vtt"),
		Interval:   sb.Interval,
		Columns:    sb.Columns,
		Rows:       sb.Rows,
		TileWidth:  sb.TileWidth,
		TileHeight: sb.TileHeight,
	}
}
