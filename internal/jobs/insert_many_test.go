package jobs

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/internal/testdb"
)

// uniqueArgs is a job unique by its arguments while one is live, as a webhook
// delivery's is.
type uniqueArgs struct {
	N int `json:"n"`
}

func (uniqueArgs) Kind() string { return "test_unique" }

func (uniqueArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueWebhooks, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: ActiveStates}}
}

// TestInsertManySkipsLiveDuplicates queues jobs in bulk: each once, a job
// whose twin is live (queued by Insert or an earlier InsertMany) skipped, as
// Insert skips it.
func TestInsertManySkipsLiveDuplicates(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			q := openTestQueue(t, testdb.Open(t, d), nil, 0)
			t.Cleanup(q.closePool)
			ctx := context.Background()
			if err := q.Insert(ctx, uniqueArgs{N: 1}); err != nil {
				t.Fatal(err)
			}
			batch := func(ns ...int) {
				args := make([]river.JobArgs, len(ns))
				for i, n := range ns {
					args[i] = uniqueArgs{N: n}
				}
				if err := q.InsertMany(ctx, args); err != nil {
					t.Fatal(err)
				}
			}
			batch(1, 2, 3)
			batch(3, 4)
			jobs, err := q.Jobs(ctx, uniqueArgs{}.Kind(), 100)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[int]int{}
			for _, j := range jobs {
				var a uniqueArgs
				if err := json.Unmarshal(j.EncodedArgs, &a); err != nil {
					t.Fatal(err)
				}
				seen[a.N]++
				if j.Queue != QueueWebhooks {
					t.Fatalf("job %d in queue %s", a.N, j.Queue)
				}
			}
			if len(jobs) != 4 || seen[1] != 1 || seen[2] != 1 || seen[3] != 1 || seen[4] != 1 {
				t.Fatalf("jobs by argument %v (%d jobs), want 1 to 4 once each", seen, len(jobs))
			}
		})
	}
}
