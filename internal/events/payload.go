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
	if v.ClipSourceID != nil {
		d["clip_source_id"] = *v.ClipSourceID
		d["clip_start"] = v.ClipStart
		d["clip_end"] = v.ClipEnd
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

// StaticRendition is the payload of the video.static_rendition.* events:
// the static rendition without its storage key.
func StaticRendition(s *ent.StaticRendition, projectID any) map[string]any {
	d := map[string]any{
		"id":             s.ID,
		"video_id":       s.VideoID,
		"project_id":     projectID,
		"resolution":     s.Resolution,
		"file_name":      s.FileName,
		"status":         string(s.Status),
		"width":          s.Width,
		"height":         s.Height,
		"bytes":          s.Bytes,
		"bitrate":        s.Bitrate,
		"failure_reason": s.FailureReason,
		"created_at":     s.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
	if s.ReadyAt != nil {
		d["ready_at"] = s.ReadyAt.UTC().Format(time.RFC3339Nano)
	}
	return d
}

// TranscodingJob is the payload of the transcoding_job.* events: the job without
// storage keys.
func TranscodingJob(j *ent.TranscodingJob) map[string]any {
	outputs := make([]map[string]any, len(j.Outputs))
	for i, o := range j.Outputs {
		outputs[i] = map[string]any{"name": o.Name, "height": o.Height, "width": o.Width,
			"video_bitrate_kbps": o.VideoBitrateKbps, "audio_bitrate_kbps": o.AudioBitrateKbps}
	}
	d := map[string]any{
		"id":             j.ID,
		"project_id":     j.ProjectID,
		"api_version":    j.APIVersion,
		"status":         string(j.Status),
		"progress":       j.Progress,
		"priority":       j.Priority,
		"failure_reason": j.FailureReason,
		"outputs":        outputs,
		"created_at":     j.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
	if j.VideoID != nil {
		d["video_id"] = *j.VideoID
	}
	if j.SourceURL != "" {
		d["source_url"] = j.SourceURL
	}
	return d
}
