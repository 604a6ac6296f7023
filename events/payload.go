package events

import (
	"time"

	"github.com/vidra-dev/vidra/ent"
)

// Video is the payload ("data") of the video.* events: the video as the API shows
// it, without storage keys or secrets.
func Video(v *ent.Video) map[string]any {
	d := map[string]any{
		"id":             v.ID,
		"project_id":     v.ProjectID,
		"title":          v.Title,
		"status":         string(v.Status),
		"duration":       v.Duration,
		"width":          v.Width,
		"height":         v.Height,
		"size":           v.Size,
		"failure_reason": v.FailureReason,
		"created_at":     v.CreatedAt.UTC().Format(time.RFC3339Nano),
		"updated_at":     v.UpdatedAt.UTC().Format(time.RFC3339Nano),
	}
	if v.FolderID != nil {
		d["folder_id"] = *v.FolderID
	}
	if v.SourceURL != "" {
		d["source_url"] = v.SourceURL
	}
	return d
}

// Caption is the payload of caption.ready.
func Caption(c *ent.Caption, projectID any) map[string]any {
	return map[string]any{
		"id":         c.ID,
		"video_id":   c.VideoID,
		"project_id": projectID,
		"language":   c.Language,
		"label":      c.Label,
		"created_at": c.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
}
