package webhooks

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

// queue records the jobs a Recorder queues, one at a time or in bulk.
type queue struct {
	one  []river.JobArgs
	many [][]river.JobArgs
}

func (q *queue) Insert(_ context.Context, a river.JobArgs) error {
	q.one = append(q.one, a)
	return nil
}

func (q *queue) InsertMany(_ context.Context, a []river.JobArgs) error {
	q.many = append(q.many, a)
	return nil
}

// singleQueue queues one job at a time only.
type singleQueue struct{ q *queue }

func (s singleQueue) Insert(ctx context.Context, a river.JobArgs) error { return s.q.Insert(ctx, a) }

// TestEnqueueInBulk queues the jobs of several deliveries in one InsertMany
// when the queue batches (a period close's deliveries), one Insert each
// otherwise, and a lone delivery with Insert.
func TestEnqueueInBulk(t *testing.T) {
	ids := []uuid.UUID{uuid.New(), uuid.New(), uuid.New()}
	q := &queue{}
	r := &Recorder{Queue: q, MaxAttempts: 7}
	r.Enqueue(context.Background(), ids...)
	if len(q.one) != 0 || len(q.many) != 1 || len(q.many[0]) != len(ids) {
		t.Fatalf("%d single inserts, bulk inserts %v; want one bulk insert of %d", len(q.one), q.many, len(ids))
	}
	for i, a := range q.many[0] {
		if d, ok := a.(DeliverArgs); !ok || d.DeliveryID != ids[i] || d.maxAttempts != 7 {
			t.Fatalf("job %d is %#v, want the delivery %s with 7 attempts", i, a, ids[i])
		}
	}
	r.Enqueue(context.Background(), ids[0])
	if len(q.one) != 1 || len(q.many) != 1 {
		t.Fatalf("a lone delivery: %d single inserts, %d bulk", len(q.one), len(q.many))
	}
	q = &queue{}
	r.Queue = singleQueue{q}
	r.Enqueue(context.Background(), ids...)
	if len(q.one) != len(ids) || len(q.many) != 0 {
		t.Fatalf("without bulk: %d single inserts, %d bulk", len(q.one), len(q.many))
	}
}
