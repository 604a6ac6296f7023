package transcoding

import (
	"context"
	"errors"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/transcodingjob"
	"github.com/vidra-dev/vidra/internal/blobs"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/transcode"
	"github.com/vidra-dev/vidra/internal/transcodelifecycle"
)

// Get loads one job the caller can see.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*ent.TranscodingJob, error) {
	j, err := s.db(ctx).TranscodingJob.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("transcoding job")
	}
	return j, err
}

// List pages the jobs the caller can see, newest first, of one project and
// one status when they are given.
func (s *Service) List(ctx context.Context, projectID *uuid.UUID, status *transcodingjob.Status, after *entgql.Cursor[uuid.UUID], first *int) (*ent.TranscodingJobConnection, error) {
	client := s.db(ctx)
	q := client.TranscodingJob.Query()
	if projectID != nil {
		if err := project.Require(ctx, client, *projectID, "projectID"); err != nil {
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

// Update changes a queued job's priority (it is queued again at the new one)
// or cancels a queued or running job.
func (s *Service) Update(ctx context.Context, id uuid.UUID, in UpdateInput) (*ent.TranscodingJob, error) {
	job, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if in.Priority == nil && in.Cancel == nil {
		return nil, fault.FieldError("input", "give priority or cancel")
	}
	// The update is conditional on the status read, so a worker that starts the
	// job meanwhile is never raced: the change is then refused like a late one.
	client := s.db(ctx)
	upd := client.TranscodingJob.Update().Where(transcodingjob.ID(job.ID), transcodingjob.StatusEQ(job.Status))
	if in.Priority != nil {
		if err := checkPriority(*in.Priority); err != nil {
			return nil, err
		}
		if job.Status != transcodingjob.StatusQueued {
			return nil, fault.FieldError("priority", "only a queued job's priority can change (the job is %s)", job.Status)
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
			return nil, fault.FieldError("cancel", "the job is already %s", job.Status)
		}
		save = transcodelifecycle.Canceled
	}
	err = save(ctx, upd)
	if errors.Is(err, transcodelifecycle.ErrRefused) {
		return nil, fault.FieldError("input", "the job changed meanwhile (it was %s); read it again", job.Status)
	}
	if err != nil {
		return nil, err
	}
	if job, err = client.TranscodingJob.Get(ctx, id); err != nil {
		return nil, err
	}
	if in.Priority != nil && job.Status == transcodingjob.StatusQueued {
		s.queue(ctx, job)
	}
	return job, nil
}

// Delete deletes a job (a running worker sees it gone and stops) and owes the
// deletion of its outputs.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	job, err := s.Get(ctx, id)
	if err != nil {
		return uuid.Nil, err
	}
	client := s.db(ctx)
	if err := client.TranscodingJob.DeleteOne(job).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	owed := blobs.Owed{Key: transcode.Prefix(job.ID.String()), Prefix: true}
	if err := blobs.ScheduleDeletions(ctx, client, job.ProjectID, "transcoding job deleted", owed); err != nil {
		return uuid.Nil, err
	}
	return job.ID, nil
}
