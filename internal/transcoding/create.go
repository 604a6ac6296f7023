package transcoding

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/encodingprofile"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/ladder"
	"github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/transcode"
)

// Create validates a job (its source and outputs) and queues it once the
// mutation commits; the row, queued, is the record of the owed work. version
// is the API's, 1 (one output) or 2 (a list).
func (s *Service) Create(ctx context.Context, version int, in CreateInput) (*ent.TranscodingJob, error) {
	if version != 1 && version != 2 {
		return nil, fault.FieldError("apiVersion", "must be 1 or 2")
	}
	client := s.db(ctx)
	projectID, videoID, srcURL, err := source(ctx, client, in)
	if err != nil {
		return nil, err
	}
	var wanted []*OutputInput
	switch {
	case version == 1 && in.Outputs != nil:
		return nil, fault.FieldError("outputs", "v1 takes one output; use output, or the v2 API for several")
	case version == 1 && in.Output == nil:
		return nil, fault.FieldError("output", "required")
	case version == 1:
		wanted = []*OutputInput{in.Output}
	case in.Output != nil:
		return nil, fault.FieldError("output", "v2 takes outputs, a list")
	case len(in.Outputs) == 0 || len(in.Outputs) > maxOutputs:
		return nil, fault.FieldError("outputs", "1 to %d outputs", maxOutputs)
	default:
		wanted = in.Outputs
	}
	outputs, err := resolveOutputs(ctx, client, projectID, wanted, version == 1)
	if err != nil {
		return nil, err
	}
	priority := 0
	if in.Priority != nil {
		if err := checkPriority(*in.Priority); err != nil {
			return nil, err
		}
		priority = *in.Priority
	}
	job, err := client.TranscodingJob.Create().SetProjectID(projectID).SetAPIVersion(version).
		SetNillableVideoID(videoID).SetSourceURL(srcURL).SetOutputs(outputs).SetPriority(priority).Save(ctx)
	if err != nil {
		return nil, err
	}
	s.queue(ctx, job)
	return job, nil
}

// checkPriority refuses a priority outside 0 to 100.
func checkPriority(p int) error {
	if p < 0 || p > 100 {
		return fault.FieldError("priority", "must be between 0 and 100")
	}
	return nil
}

// source checks the job's source: a video of the caller's (with a source
// file) or an http(s) URL in a project of the caller's. It returns the job's
// project, its video (nil for a URL) and its URL ("" for a video).
func source(ctx context.Context, client *ent.Client, in CreateInput) (uuid.UUID, *uuid.UUID, string, error) {
	hasURL := in.URL != nil && strings.TrimSpace(*in.URL) != ""
	switch {
	case in.VideoID != nil && hasURL:
		return uuid.Nil, nil, "", fault.FieldError("url", "give either videoID or url, not both")
	case in.VideoID != nil:
		v, err := client.Video.Get(ctx, *in.VideoID)
		if ent.IsNotFound(err) {
			return uuid.Nil, nil, "", fault.FieldError("videoID", "video not found")
		}
		if err != nil {
			return uuid.Nil, nil, "", err
		}
		if in.ProjectID != nil && *in.ProjectID != v.ProjectID {
			return uuid.Nil, nil, "", fault.FieldError("videoID", "video not found in the project")
		}
		if v.SourceKey == "" {
			return uuid.Nil, nil, "", fault.FieldError("videoID", "the video has no uploaded source yet")
		}
		return v.ProjectID, &v.ID, "", nil
	case hasURL:
		if in.ProjectID == nil {
			return uuid.Nil, nil, "", fault.FieldError("projectID", "required with url")
		}
		if err := project.Require(ctx, client, *in.ProjectID, "projectID"); err != nil {
			return uuid.Nil, nil, "", err
		}
		u, err := jobs.CheckImportURL(strings.TrimSpace(*in.URL))
		if err != nil {
			return uuid.Nil, nil, "", fault.FieldError("url", "%s", err.Error())
		}
		return *in.ProjectID, nil, u.String(), nil
	}
	return uuid.Nil, nil, "", fault.FieldError("videoID", "give videoID or url")
}

// resolveOutputs resolves and validates the requested outputs: explicit rungs
// or encoding profiles' rungs, lowest first, no height twice. single names the
// fields as v1's one output does.
func resolveOutputs(ctx context.Context, client *ent.Client, projectID uuid.UUID, in []*OutputInput, single bool) ([]transcode.Output, error) {
	field := func(i int, name string) string {
		if single {
			return "output." + name
		}
		return fmt.Sprintf("outputs[%d].%s", i, name)
	}
	rungs := make([]ladder.Rendition, 0, len(in))
	for i, o := range in {
		r, err := rung(ctx, client, projectID, o, func(name string) string { return field(i, name) })
		if err != nil {
			return nil, err
		}
		rungs = append(rungs, r)
	}
	sorted := append([]ladder.Rendition(nil), rungs...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && sorted[j].Height < sorted[j-1].Height; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	if err := ladder.Validate(sorted); err != nil {
		if le, ok := err.(*ladder.Error); ok && le.Index >= 0 {
			return nil, fault.FieldError(field(le.Index, le.Field), "%s", le.Message)
		}
		return nil, fault.FieldError(field(0, "height"), "%s", err.Error())
	}
	out := make([]transcode.Output, len(sorted))
	for i, r := range sorted {
		out[i] = transcode.Output{Name: fmt.Sprintf("%dp", r.Height), Height: r.Height,
			VideoBitrateKbps: r.VideoBitrateKbps, AudioBitrateKbps: r.AudioBitrateKbps}
	}
	return out, nil
}

// rung is one requested output's rendition; field names its input fields.
func rung(ctx context.Context, client *ent.Client, projectID uuid.UUID, o *OutputInput, field func(string) string) (ladder.Rendition, error) {
	if o.EncodingProfileID == nil {
		if o.Height == nil || o.VideoBitrateKbps == nil {
			return ladder.Rendition{}, fault.FieldError(field("height"), "height and videoBitrateKbps are required without encodingProfileID")
		}
		r := ladder.Rendition{Height: *o.Height, VideoBitrateKbps: *o.VideoBitrateKbps, AudioBitrateKbps: 128}
		if o.AudioBitrateKbps != nil {
			r.AudioBitrateKbps = *o.AudioBitrateKbps
		}
		return r, nil
	}
	p, err := client.EncodingProfile.Query().
		Where(encodingprofile.ID(*o.EncodingProfileID), encodingprofile.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return ladder.Rendition{}, fault.FieldError(field("encodingProfileID"), "encoding profile not found in the project")
	}
	if err != nil {
		return ladder.Rendition{}, err
	}
	r := p.Renditions[len(p.Renditions)-1]
	if o.Height == nil {
		return r, nil
	}
	found := false
	for _, pr := range p.Renditions {
		if pr.Height == *o.Height {
			r, found = pr, true
		}
	}
	if !found {
		return ladder.Rendition{}, fault.FieldError(field("height"), "the encoding profile has no %dp rendition", *o.Height)
	}
	return r, nil
}
