package billing

import (
	"testing"

	"github.com/google/uuid"
)

// TestLimitRefreshesPublishInTheOrderTheyStarted: refreshes run concurrently
// (the periodic one, the one after each usage flush), and one that started
// earlier may finish last, having read the database before a change a later
// one saw; its result must not replace the later one's.
func TestLimitRefreshesPublishInTheOrderTheyStarted(t *testing.T) {
	l := &Limits{}
	org := uuid.New()
	earlier, later := l.refreshes.Add(1), l.refreshes.Add(1)
	l.publish(&limitState{orgs: map[uuid.UUID]Block{org: {Metric: "delivered_bytes"}}, seq: later})
	l.publish(&limitState{orgs: map[uuid.UUID]Block{}, seq: earlier})
	if err := l.Check(org); err == nil {
		t.Fatal("an earlier refresh that finished last lifted the block a later one found")
	}
	l.publish(&limitState{orgs: map[uuid.UUID]Block{}, seq: l.refreshes.Add(1)})
	if err := l.Check(org); err != nil {
		t.Fatalf("a newer refresh was not published: %v", err)
	}
}
