package importing

import (
	"context"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// CreatePulledVideo saves a video whose file is pulled from its source URL (set
// on c), records its video.created event and queues the import once the
// mutation commits: importers' imports and graph's pulls from a URL alike.
func (s *Service) CreatePulledVideo(ctx context.Context, c *ent.VideoCreate) (*ent.Video, error) {
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
