package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivertype"
)

// reclaimJobsOf hands every job still running under a dead process's River
// client ID (the last entry of its attempted_by) back to the queue, the way
// River settles a failed attempt: the attempt stays counted, an error saying
// why is appended, and the job is available again at once, or discarded when
// that was its last attempt (a job whose cancellation was asked is cancelled).
//
// A reclaimed job keeps its place in the queue: it is made available at the
// scheduled_at it had when it was fetched (River fetches by priority, then
// scheduled_at, then id), not at now, which would put it behind every job
// queued while it ran; under a backlog a killed worker's transcode would wait
// for all of them. River accepts a scheduled_at in the past for an available
// job: it is fetched at once, before the later ones.
//
// River has no public call that moves a running job (JobRetry leaves running
// jobs alone, and its rescuer only acts after RescueStuckJobsAfter), so this
// uses its driver's JobSetStateIfRunningMany, the call its completer settles
// attempts with: no SQL of ours touches River's tables, and a job that is no
// longer running is left as it is.
func (q *Queue) reclaimJobsOf(ctx context.Context, clientID string) (int, error) {
	var ids []*rivertype.JobRow
	params := river.NewJobListParams().States(rivertype.JobStateRunning).First(1000)
	for {
		res, err := q.client.JobList(ctx, params)
		if err != nil {
			return 0, err
		}
		for _, j := range res.Jobs {
			if n := len(j.AttemptedBy); n > 0 && j.AttemptedBy[n-1] == clientID {
				ids = append(ids, j)
			}
		}
		if len(res.Jobs) < 1000 || res.LastCursor == nil {
			break
		}
		params = params.After(res.LastCursor)
	}
	if len(ids) == 0 {
		return 0, nil
	}
	now := time.Now().UTC()
	set := &riverdriver.JobSetStateIfRunningManyParams{Now: &now}
	for _, j := range ids {
		errData, err := json.Marshal(rivertype.AttemptError{
			At: now, Attempt: j.Attempt,
			Error: fmt.Sprintf("process %s died while running the job; reclaimed", clientID),
		})
		if err != nil {
			return 0, err
		}
		var p *riverdriver.JobSetStateIfRunningParams
		if j.Attempt >= j.MaxAttempts {
			p = riverdriver.JobSetStateDiscarded(j.ID, now, errData, nil)
		} else {
			p = riverdriver.JobSetStateErrorAvailable(j.ID, j.ScheduledAt, errData, nil)
		}
		set.ID = append(set.ID, p.ID)
		set.Attempt = append(set.Attempt, p.Attempt)
		set.ErrData = append(set.ErrData, p.ErrData)
		set.FinalizedAt = append(set.FinalizedAt, p.FinalizedAt)
		set.MetadataDoMerge = append(set.MetadataDoMerge, p.MetadataDoMerge)
		set.MetadataUpdates = append(set.MetadataUpdates, p.MetadataUpdates)
		set.ScheduledAt = append(set.ScheduledAt, p.ScheduledAt)
		set.State = append(set.State, p.State)
	}
	rows, err := q.exec.JobSetStateIfRunningMany(ctx, set)
	if err != nil {
		return 0, err
	}
	for _, r := range rows {
		q.log.InfoContext(ctx, "job reclaimed from a dead process", "job_id", r.ID, "kind", r.Kind,
			"attempt", r.Attempt, "state", r.State, "scheduled_at", r.ScheduledAt, "dead_process", clientID)
	}
	return len(rows), nil
}
