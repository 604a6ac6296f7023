package changefeed_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/changefeed"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestChangeLogNumbersInCommitOrder: on PostgreSQL, with transactions
// committing concurrently, a reader never sees an entry while an entry with a
// smaller number is still to come: whoever saw N had seen everything below N
// that ever commits, so a cursor N loses nothing on resuming. A sequence taken
// without the log's lock gives a late committer a smaller number than one
// already seen.
func TestChangeLogNumbersInCommitOrder(t *testing.T) {
	if !slices.Contains(testdb.Dialects(t), dialect.Postgres) {
		t.Skip("PostgreSQL is not reachable")
	}
	s := apptest.New(t, dialect.Postgres, apptest.Options{Env: map[string]string{"VIDRA_WORKERS": "false"}})
	org := s.CreateOrganization("Org")
	s.SwitchOrganization(org)
	project := s.CreateProject(org, "P")
	const writers, commits = 8, 40
	videos := make([]uuid.UUID, writers)
	for i := range videos {
		videos[i] = uuid.MustParse(s.CreateVideo(project, "", fmt.Sprintf("video %d", i)))
	}
	ctx := apptest.System()
	client := s.App.DB.Client
	start, err := changefeed.Head(ctx, client)
	if err != nil {
		t.Fatal(err)
	}

	// Each look is one statement, so one snapshot: the entries it saw.
	var looks [][]int64
	done := make(chan struct{})
	observed := make(chan struct{})
	go func() {
		defer close(observed)
		for {
			select {
			case <-done:
				return
			default:
			}
			entries, err := changefeed.Since(ctx, client, start)
			if err != nil {
				t.Error(err)
				return
			}
			seen := make([]int64, len(entries))
			for i, e := range entries {
				seen[i] = e.Seq
			}
			looks = append(looks, seen)
		}
	}()
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range commits {
				tx, err := client.Tx(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				if err := tx.Video.UpdateOneID(videos[w]).SetTitle(fmt.Sprintf("title %d", i)).Exec(ctx); err != nil {
					t.Error(err)
					_ = tx.Rollback()
					return
				}
				if err := tx.Commit(); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(done)
	<-observed
	all, err := changefeed.Since(ctx, client, start)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != writers*commits {
		t.Fatalf("%d entries, want %d", len(all), writers*commits)
	}
	late := 0
	for _, seen := range looks {
		if len(seen) == 0 {
			continue
		}
		head := seen[len(seen)-1]
		for _, e := range all {
			if e.Seq < head && !slices.Contains(seen, e.Seq) {
				late++
				if late <= 3 {
					t.Errorf("entry %d committed after entry %d was read", e.Seq, head)
				}
			}
		}
	}
	t.Logf("%d reads of the log during %d concurrent commits; %d entries committed after a larger one was read", len(looks), writers*commits, late)
}
