package jobs

import (
	"context"
	"fmt"

	"github.com/riverqueue/river"
)

// insertManyChunk is how many jobs one InsertMany transaction inserts.
const insertManyChunk = 1000

// InsertMany enqueues jobs as Insert does each (a job whose unique key matches
// a live one is skipped), with River's InsertMany: one transaction of
// multi-row INSERTs per insertManyChunk jobs instead of one round trip per job.
// A bulk change (a period close's webhook deliveries) queues its work with it.
func (q *Queue) InsertMany(ctx context.Context, args []river.JobArgs) error {
	for i := 0; i < len(args); i += insertManyChunk {
		chunk := args[i:min(i+insertManyChunk, len(args))]
		params := make([]river.InsertManyParams, len(chunk))
		for j, a := range chunk {
			params[j] = river.InsertManyParams{Args: a}
		}
		res, err := q.client.InsertMany(ctx, params)
		if err != nil {
			return fmt.Errorf("jobs: insert %d %s jobs: %w", len(chunk), chunk[0].Kind(), err)
		}
		skipped := 0
		for _, r := range res {
			if r.UniqueSkippedAsDuplicate {
				skipped++
			}
		}
		if skipped > 0 {
			q.log.DebugContext(ctx, "jobs already queued", "kind", chunk[0].Kind(), "skipped", skipped)
		}
	}
	return nil
}
