package graph

import (
	"fmt"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/transcodingjob"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/transcoding"
)

// outputURLTTL is how long the signed output URLs of a job's response stay valid.
const outputURLTTL = 6 * time.Hour

// transcodingInput is a create's GraphQL input as internal/transcoding takes
// it; a list not given stays nil (v1 refuses outputs given, even empty).
func transcodingInput(in model.CreateTranscodingJobInput) transcoding.CreateInput {
	out := transcoding.CreateInput{ProjectID: in.ProjectID, VideoID: in.VideoID, URL: in.URL, Priority: in.Priority,
		Output: transcodingOutput(in.Output)}
	if in.Outputs != nil {
		out.Outputs = make([]*transcoding.OutputInput, len(in.Outputs))
		for i, o := range in.Outputs {
			out.Outputs[i] = transcodingOutput(o)
		}
	}
	return out
}

// transcodingOutput is one requested output as internal/transcoding takes it.
func transcodingOutput(o *model.TranscodingOutputInput) *transcoding.OutputInput {
	if o == nil {
		return nil
	}
	return &transcoding.OutputInput{Height: o.Height, VideoBitrateKbps: o.VideoBitrateKbps,
		AudioBitrateKbps: o.AudioBitrateKbps, EncodingProfileID: o.EncodingProfileID}
}

// presentTranscodingOutputs presents a job's outputs; a succeeded job's carry signed URLs
// of their playlists.
func (r *Resolver) presentTranscodingOutputs(job *ent.TranscodingJob) []*model.TranscodingOutput {
	out := make([]*model.TranscodingOutput, len(job.Outputs))
	var token string
	if job.Status == transcodingjob.StatusSucceeded {
		token = r.media.Signer.Sign(job.ID, time.Now().Add(outputURLTTL))
	}
	for i, o := range job.Outputs {
		m := &model.TranscodingOutput{Name: o.Name, Height: o.Height,
			VideoBitrateKbps: o.VideoBitrateKbps, AudioBitrateKbps: o.AudioBitrateKbps}
		if o.Width > 0 {
			w, h := o.Width, o.EncodedHeight
			m.Width, m.EncodedHeight = &w, &h
		}
		if token != "" && o.Playlist != "" {
			u := fmt.Sprintf("%s/v1/play/transcoding/%s/%s/index.m3u8?token=%s", r.media.PublicURL, job.ID, o.Name, token)
			m.URL = &u
		}
		out[i] = m
	}
	return out
}
