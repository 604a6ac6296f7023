package analytics

import (
	"slices"
	"testing"
)

// TestUniqueBySeq checks the merge of a view's events: sorted by seq, the first
// sent of a seq kept, and the queued beacon's slice left as it was (a failed
// transaction is retried from it).
func TestUniqueBySeq(t *testing.T) {
	sent := []Event{{Seq: 2, Type: EvPause}, {Seq: 0, Type: EvViewStart}, {Seq: 2, Type: EvHeartbeat}, {Seq: 1, Type: EvPlaying}}
	queued := slices.Clone(sent)
	got := uniqueBySeq(sent)
	want := []Event{{Seq: 0, Type: EvViewStart}, {Seq: 1, Type: EvPlaying}, {Seq: 2, Type: EvPause}}
	if !slices.Equal(got, want) {
		t.Fatalf("uniqueBySeq = %+v, want %+v", got, want)
	}
	if !slices.Equal(sent, queued) {
		t.Fatalf("the queued events changed: %+v", sent)
	}
	sorted := []Event{{Seq: 0}, {Seq: 1}, {Seq: 1, Type: EvPause}}
	queued = slices.Clone(sorted)
	if got := uniqueBySeq(sorted); len(got) != 2 || got[1].Type != "" || !slices.Equal(sorted, queued) {
		t.Fatalf("sorted with a duplicate: %+v (queued now %+v)", got, sorted)
	}
}
