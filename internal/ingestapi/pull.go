package ingestapi

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/jobs"
	projectlib "github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/txn"
	videolib "github.com/vidra-dev/vidra/internal/video"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// PullInput is a video to import from a URL.
type PullInput struct {
	// URL is where the file is fetched from: http or https, with a host and
	// no credentials. Non-public addresses are refused by the import job's
	// dialer, on the address actually dialled.
	URL string
	// Title is the video's title; the URL's last path segment when nil.
	Title *string
	// FolderID is the folder of the project the video goes in.
	FolderID *uuid.UUID
}

// Pull creates a video whose file is imported from a URL. The video row
// (uploading, with its source URL and no source) records the owed import; the
// job is queued once the change commits.
func (s *Service) Pull(ctx context.Context, projectID uuid.UUID, in PullInput) (*ent.Video, error) {
	var v *ent.Video
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if err := projectlib.Require(ctx, client, projectID, "projectID"); err != nil {
			return err
		}
		if err := s.checkLimits(projectID); err != nil {
			return err
		}
		u, err := jobs.CheckImportURL(strings.TrimSpace(in.URL))
		if err != nil {
			return fault.FieldError("url", "%s", err.Error())
		}
		if in.FolderID != nil {
			if _, err := videolib.FolderInProject(ctx, client, *in.FolderID, projectID, "folderID"); err != nil {
				return err
			}
		}
		title := titleFromURL(u.Path)
		if in.Title != nil {
			title = strings.TrimSpace(*in.Title)
		}
		v, err = s.CreatePulled(ctx, client.Video.Create().SetProjectID(projectID).SetNillableFolderID(in.FolderID).
			SetTitle(title).SetSourceURL(u.String()))
		return err
	})
	if err != nil {
		return nil, err
	}
	return v, nil
}

// CreatePulled saves a video whose file is pulled from its source URL (set on
// c, a create of ctx's client), records its video.created event and queues the
// import once the change commits: pulls from a URL and importers' imports alike.
func (s *Service) CreatePulled(ctx context.Context, c *ent.VideoCreate) (*ent.Video, error) {
	v, err := videolifecycle.ImportRequested(ctx, c)
	if err != nil {
		return nil, err
	}
	if err := s.record(ctx, events.VideoCreated, v.ProjectID, events.Video(v)); err != nil {
		return nil, err
	}
	txn.AfterCommit(ctx, func(ctx context.Context) {
		if err := s.d.Queue.Insert(ctx, jobs.ImportVideoArgs{VideoID: v.ID}); err != nil {
			s.d.Log.WarnContext(ctx, "queue import; the sweeper will", "video_id", v.ID, "err", err)
		}
	})
	return v, nil
}

// titleFromURL is a pulled video's default title: the last segment of its
// URL's path, "Imported video" when that is empty.
func titleFromURL(p string) string {
	name := p[strings.LastIndex(p, "/")+1:]
	if name == "" {
		return "Imported video"
	}
	return name
}
