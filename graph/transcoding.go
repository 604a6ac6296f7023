package graph

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/encodingprofile"
	"github.com/vidra-dev/vidra/ent/transcodingjob"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/ladder"
	projectlib "github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/transcode"
	"github.com/vidra-dev/vidra/internal/transcodelifecycle"
)

// maxTranscodingOutputs bounds a v2 job's outputs.
const maxTranscodingOutputs = 8

// outputURLTTL is how long the signed output URLs of a job's response stay valid.
const outputURLTTL = 6 * time.Hour

// createTranscodingJob validates a job (its source and outputs) and queues it once
// the mutation commits; the row, queued, is the record of the owed work.
func (r *Resolver) createTranscodingJob(ctx context.Context, version int, in model.CreateTranscodingJobInput) (*ent.TranscodingJob, error) {
	if version != 1 && version != 2 {
		return nil, FieldError("apiVersion", "must be 1 or 2")
	}
	client := r.db(ctx)
	projectID, videoID, srcURL, err := r.transcodingSource(ctx, client, in)
	if err != nil {
		return nil, err
	}
	var wanted []*model.TranscodingOutputInput
	switch {
	case version == 1 && in.Outputs != nil:
		return nil, FieldError("outputs", "v1 takes one output; use output, or the v2 API for several")
	case version == 1 && in.Output == nil:
		return nil, FieldError("output", "required")
	case version == 1:
		wanted = []*model.TranscodingOutputInput{in.Output}
	case in.Output != nil:
		return nil, FieldError("output", "v2 takes outputs, a list")
	case len(in.Outputs) == 0 || len(in.Outputs) > maxTranscodingOutputs:
		return nil, FieldError("outputs", "1 to %d outputs", maxTranscodingOutputs)
	default:
		wanted = in.Outputs
	}
	outputs, err := transcodingOutputs(ctx, client, projectID, wanted, version == 1)
	if err != nil {
		return nil, err
	}
	priority := 0
	if in.Priority != nil {
		if *in.Priority < 0 || *in.Priority > 100 {
			return nil, FieldError("priority", "must be between 0 and 100")
		}
		priority = *in.Priority
	}
	job, err := client.TranscodingJob.Create().SetProjectID(projectID).SetAPIVersion(version).
		SetNillableVideoID(videoID).SetSourceURL(srcURL).SetOutputs(outputs).SetPriority(priority).Save(ctx)
	if err != nil {
		return nil, err
	}
	r.queueTranscoding(ctx, job)
	return job, nil
}

// transcodingSource checks the job's source: a video of the caller's (with a
// source file) or an http(s) URL in a project of the caller's.
func (r *Resolver) transcodingSource(ctx context.Context, client *ent.Client, in model.CreateTranscodingJobInput) (uuid.UUID, *uuid.UUID, string, error) {
	hasURL := in.URL != nil && strings.TrimSpace(*in.URL) != ""
	switch {
	case in.VideoID != nil && hasURL:
		return uuid.Nil, nil, "", FieldError("url", "give either videoID or url, not both")
	case in.VideoID != nil:
		v, err := client.Video.Get(ctx, *in.VideoID)
		if ent.IsNotFound(err) {
			return uuid.Nil, nil, "", FieldError("videoID", "video not found")
		}
		if err != nil {
			return uuid.Nil, nil, "", err
		}
		if in.ProjectID != nil && *in.ProjectID != v.ProjectID {
			return uuid.Nil, nil, "", FieldError("videoID", "video not found in the project")
		}
		if v.SourceKey == "" {
			return uuid.Nil, nil, "", FieldError("videoID", "the video has no uploaded source yet")
		}
		return v.ProjectID, &v.ID, "", nil
	case hasURL:
		if in.ProjectID == nil {
			return uuid.Nil, nil, "", FieldError("projectID", "required with url")
		}
		if err := projectlib.Require(ctx, client, *in.ProjectID, "projectID"); err != nil {
			return uuid.Nil, nil, "", err
		}
		u, err := jobs.CheckImportURL(strings.TrimSpace(*in.URL))
		if err != nil {
			return uuid.Nil, nil, "", FieldError("url", "%s", err.Error())
		}
		return *in.ProjectID, nil, u.String(), nil
	}
	return uuid.Nil, nil, "", FieldError("videoID", "give videoID or url")
}

// transcodingOutputs resolves and validates the requested outputs: explicit rungs
// or encoding profiles' rungs, lowest first, no height twice.
func transcodingOutputs(ctx context.Context, client *ent.Client, projectID uuid.UUID, in []*model.TranscodingOutputInput, single bool) ([]transcode.Output, error) {
	field := func(i int, name string) string {
		if single {
			return "output." + name
		}
		return fmt.Sprintf("outputs[%d].%s", i, name)
	}
	rungs := make([]ladder.Rendition, 0, len(in))
	for i, o := range in {
		var r ladder.Rendition
		if o.EncodingProfileID != nil {
			p, err := client.EncodingProfile.Query().
				Where(encodingprofile.ID(*o.EncodingProfileID), encodingprofile.ProjectID(projectID)).Only(ctx)
			if ent.IsNotFound(err) {
				return nil, FieldError(field(i, "encodingProfileID"), "encoding profile not found in the project")
			}
			if err != nil {
				return nil, err
			}
			r = p.Renditions[len(p.Renditions)-1]
			if o.Height != nil {
				found := false
				for _, pr := range p.Renditions {
					if pr.Height == *o.Height {
						r, found = pr, true
					}
				}
				if !found {
					return nil, FieldError(field(i, "height"), "the encoding profile has no %dp rendition", *o.Height)
				}
			}
		} else {
			if o.Height == nil || o.VideoBitrateKbps == nil {
				return nil, FieldError(field(i, "height"), "height and videoBitrateKbps are required without encodingProfileID")
			}
			r = ladder.Rendition{Height: *o.Height, VideoBitrateKbps: *o.VideoBitrateKbps, AudioBitrateKbps: 128}
			if o.AudioBitrateKbps != nil {
				r.AudioBitrateKbps = *o.AudioBitrateKbps
			}
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
			return nil, FieldError(field(le.Index, le.Field), "%s", le.Message)
		}
		return nil, FieldError(field(0, "height"), "%s", err.Error())
	}
	out := make([]transcode.Output, len(sorted))
	for i, r := range sorted {
		out[i] = transcode.Output{Name: fmt.Sprintf("%dp", r.Height), Height: r.Height,
			VideoBitrateKbps: r.VideoBitrateKbps, AudioBitrateKbps: r.AudioBitrateKbps}
	}
	return out, nil
}

// queueTranscoding inserts the job's River job once the mutation commits; a
// failed insert is logged and the sweeper queues it again.
func (r *Resolver) queueTranscoding(ctx context.Context, job *ent.TranscodingJob) {
	id, priority := job.ID, job.Priority
	r.afterCommit(ctx, func(ctx context.Context) {
		if err := r.media.Queue.Insert(ctx, jobs.TranscodeArgs{JobID: id, Priority: priority}); err != nil {
			r.log.WarnContext(ctx, "queue transcoding job; the sweeper will", "transcoding_job_id", id, "err", err)
		}
	})
}

// transcodingJob loads one job the caller can see.
func (r *Resolver) transcodingJob(ctx context.Context, id uuid.UUID) (*ent.TranscodingJob, error) {
	j, err := r.db(ctx).TranscodingJob.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, NotFound("transcoding job")
	}
	return j, err
}

// transcodingJobs pages the jobs the caller can see, newest first.
func (r *Resolver) transcodingJobs(ctx context.Context, projectID *uuid.UUID, status *transcodingjob.Status, after *entgql.Cursor[uuid.UUID], first *int) (*ent.TranscodingJobConnection, error) {
	q := r.db(ctx).TranscodingJob.Query()
	if projectID != nil {
		if err := projectlib.Require(ctx, r.db(ctx), *projectID, "projectID"); err != nil {
			return nil, err
		}
		q = q.Where(transcodingjob.ProjectID(*projectID))
	}
	if status != nil {
		q = q.Where(transcodingjob.StatusEQ(*status))
	}
	return q.Paginate(ctx, after, first, nil, nil, ent.WithTranscodingJobOrder(&ent.TranscodingJobOrder{
		Direction: entgql.OrderDirectionDesc, Field: ent.TranscodingJobOrderFieldCreatedAt,
	}))
}

// updateTranscodingJob changes a queued job's priority (it is queued again at the
// new one) or cancels a queued or running job.
func (r *Resolver) updateTranscodingJob(ctx context.Context, id uuid.UUID, in model.UpdateTranscodingJobInput) (*ent.TranscodingJob, error) {
	job, err := r.transcodingJob(ctx, id)
	if err != nil {
		return nil, err
	}
	if in.Priority == nil && in.Cancel == nil {
		return nil, FieldError("input", "give priority or cancel")
	}
	// The update is conditional on the status read, so a worker that starts the
	// job meanwhile is never raced: the change is then refused like a late one.
	client := r.db(ctx)
	upd := client.TranscodingJob.Update().Where(transcodingjob.ID(job.ID), transcodingjob.StatusEQ(job.Status))
	if in.Priority != nil {
		if *in.Priority < 0 || *in.Priority > 100 {
			return nil, FieldError("priority", "must be between 0 and 100")
		}
		if job.Status != transcodingjob.StatusQueued {
			return nil, FieldError("priority", "only a queued job's priority can change (the job is %s)", job.Status)
		}
		upd.SetPriority(*in.Priority)
	}
	// A priority change alone saves the update; a cancel moves the status
	// through the lifecycle. Either matches nothing when the job changed.
	save := func(ctx context.Context, u *ent.TranscodingJobUpdate) error {
		n, err := u.Save(ctx)
		if err == nil && n == 0 {
			return transcodelifecycle.ErrRefused
		}
		return err
	}
	if in.Cancel != nil && *in.Cancel {
		if job.Status != transcodingjob.StatusQueued && job.Status != transcodingjob.StatusRunning {
			return nil, FieldError("cancel", "the job is already %s", job.Status)
		}
		save = transcodelifecycle.Canceled
	}
	err = save(ctx, upd)
	if errors.Is(err, transcodelifecycle.ErrRefused) {
		return nil, FieldError("input", "the job changed meanwhile (it was %s); read it again", job.Status)
	}
	if err != nil {
		return nil, err
	}
	if job, err = client.TranscodingJob.Get(ctx, id); err != nil {
		return nil, err
	}
	if in.Priority != nil && job.Status == transcodingjob.StatusQueued {
		r.queueTranscoding(ctx, job)
	}
	return job, nil
}

// deleteTranscodingJob deletes a job (a running worker sees it gone and stops)
// and owes the deletion of its outputs.
func (r *Resolver) deleteTranscodingJob(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	job, err := r.transcodingJob(ctx, id)
	if err != nil {
		return uuid.Nil, err
	}
	client := r.db(ctx)
	if err := client.TranscodingJob.DeleteOne(job).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	owed := blobOwed{key: transcode.Prefix(job.ID.String()), prefix: true}
	if err := scheduleBlobDeletions(ctx, client, job.ProjectID, "transcoding job deleted", owed); err != nil {
		return uuid.Nil, err
	}
	return job.ID, nil
}

// transcodingOutputs presents a job's outputs; a succeeded job's carry signed URLs
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
