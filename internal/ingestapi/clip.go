package ingestapi

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/txn"
	videolib "github.com/vidra-dev/vidra/internal/video"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// MinClipSeconds is the shortest clip: a tenth of a second (a few frames).
const MinClipSeconds = 0.1

// ClipInput is a range of a video to make a new video of.
type ClipInput struct {
	// Start and End are the range in seconds from the video's start; the
	// cut snaps them to the video's frames.
	Start, End float64
	// Title is the clip's title; the video's title with " (clip)" when nil.
	Title *string
	// Description is the clip's; the video's when nil.
	Description *string
	// FolderID is the folder of the video's project the clip goes in; the
	// video's folder when nil.
	FolderID *uuid.UUID
	// Metadata is the clip's custom data; the video's when nil.
	Metadata map[string]any
}

// Clip creates a new video of a range of the video videoID, in the same
// project: uploading until its source is cut from the video's (the job is
// queued once the change commits when the video is ready, or once it is
// ready), then processed like an upload. A range outside a ready video, a
// live video and a failed one are refused.
func (s *Service) Clip(ctx context.Context, videoID uuid.UUID, in ClipInput) (*ent.Video, error) {
	if err := checkClipRange(in.Start, in.End); err != nil {
		return nil, err
	}
	var clip *ent.Video
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		from, err := client.Video.Get(ctx, videoID)
		if err != nil {
			return err
		}
		if err := clippable(from, in.End); err != nil {
			return err
		}
		if err := s.checkLimits(from.ProjectID); err != nil {
			return err
		}
		create := client.Video.Create().SetProjectID(from.ProjectID).
			SetClipSourceID(from.ID).SetClipStart(in.Start).SetClipEnd(in.End)
		if in.FolderID != nil {
			if _, err := videolib.FolderInProject(ctx, client, *in.FolderID, from.ProjectID, "folderID"); err != nil {
				return err
			}
			create.SetFolderID(*in.FolderID)
		} else {
			create.SetNillableFolderID(from.FolderID)
		}
		title := clipTitle(from.Title)
		if in.Title != nil {
			title = strings.TrimSpace(*in.Title)
		}
		create.SetTitle(title).SetDescription(from.Description).SetMetadata(from.Metadata)
		if in.Description != nil {
			create.SetDescription(*in.Description)
		}
		if in.Metadata != nil {
			create.SetMetadata(in.Metadata)
		}
		if clip, err = videolifecycle.ClipRequested(ctx, create); err != nil {
			return err
		}
		if err := s.record(ctx, events.VideoCreated, clip.ProjectID, events.Video(clip)); err != nil {
			return err
		}
		if from.Status == video.StatusReady {
			txn.AfterCommit(ctx, func(ctx context.Context) {
				if err := s.d.Queue.Insert(ctx, jobs.ClipVideoArgs{VideoID: clip.ID}); err != nil {
					s.d.Log.WarnContext(ctx, "queue a clip's cut; the sweeper will", "video_id", clip.ID, "err", err)
				}
			})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return clip, nil
}

// checkClipRange refuses a range that no video has.
func checkClipRange(start, end float64) error {
	switch {
	case math.IsNaN(start) || math.IsInf(start, 0) || start < 0:
		return fault.FieldError("start", "must be a number of seconds from 0")
	case math.IsNaN(end) || math.IsInf(end, 0):
		return fault.FieldError("end", "must be a number of seconds")
	case end-start < MinClipSeconds:
		return fault.FieldError("end", "must be at least %.1f s after start", MinClipSeconds)
	}
	return nil
}

// clippable refuses a video a clip cannot be cut from: a failed one, a live
// one, and a ready one the range overruns. A video still uploading or
// processing is accepted: its clips are cut once it is ready.
func clippable(v *ent.Video, end float64) error {
	switch v.Status {
	case video.StatusFailed:
		return fault.FieldError("videoID", "the video failed to process: there is nothing to cut")
	case video.StatusLive:
		return fault.FieldError("videoID", "the video is live: clip its recording once it is ready")
	case video.StatusReady:
		if end > v.Duration+0.001 {
			return fault.FieldError("end", "%s is after the video's end (%s s)", formatSeconds(end), formatSeconds(v.Duration))
		}
	}
	return nil
}

// clipTitle is a clip's default title: its video's, marked, within the
// title's 500 characters.
func clipTitle(title string) string {
	const mark = " (clip)"
	if r := []rune(title); len(r)+len([]rune(mark)) > 500 {
		title = string(r[:500-len([]rune(mark))])
	}
	return title + mark
}

// formatSeconds writes seconds to the millisecond, without trailing zeros.
func formatSeconds(v float64) string {
	s := strings.TrimRight(fmt.Sprintf("%.3f", v), "0")
	return strings.TrimSuffix(s, ".")
}
