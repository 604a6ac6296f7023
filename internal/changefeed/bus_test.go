package changefeed_test

import (
	"log/slog"
	"slices"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/changefeed"
	"github.com/vidra-dev/vidra/internal/database/pglisten"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// receive collects the notices of sub until it has want or a second passes quietly.
func receive(sub *changefeed.Subscription, want int) []changefeed.Notice {
	var got []changefeed.Notice
	for len(got) < want {
		select {
		case n := <-sub.C:
			got = append(got, n)
		case <-time.After(time.Second):
			return got
		}
	}
	// Anything more within a moment is counted too.
	for {
		select {
		case n := <-sub.C:
			got = append(got, n)
		case <-time.After(200 * time.Millisecond):
			return got
		}
	}
}

// TestHookPublishesCommittedChanges: on each database, a video changed in a
// transaction is announced once the transaction commits, never when it rolls
// back; a change outside a transaction at once; a bulk change names each row.
func TestHookPublishesCommittedChanges(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Org")
		s.SwitchOrganization(org)
		project := s.CreateProject(org, "P")
		v1, v2 := uuid.MustParse(s.CreateVideo(project, "", "one")), uuid.MustParse(s.CreateVideo(project, "", "two"))
		sub := s.App.Changes.Subscribe(func(n changefeed.Notice) bool { return n.Kind == changefeed.KindVideo })
		defer sub.Close()
		receive(sub, 0) // the creations' notices, if they come late

		ctx := apptest.System()
		client := s.App.DB.Client
		tx, err := client.Tx(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := tx.Video.UpdateOneID(v1).SetTitle("uncommitted").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got := receive(sub, 0); len(got) != 0 {
			t.Fatalf("notices before the commit: %+v", got)
		}
		if err := tx.Rollback(); err != nil {
			t.Fatal(err)
		}
		if got := receive(sub, 0); len(got) != 0 {
			t.Fatalf("notices after a rollback: %+v", got)
		}

		tx, err = client.Tx(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := tx.Video.UpdateOneID(v1).SetTitle("committed").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		if got := receive(sub, 1); len(got) != 1 || got[0].ID != v1 {
			t.Fatalf("after the commit: %+v, want one notice of %s", got, v1)
		}

		if err := client.Video.UpdateOneID(v2).SetProgress(0.25).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got := receive(sub, 1); len(got) != 1 || got[0].ID != v2 {
			t.Fatalf("after an update outside a transaction: %+v, want one notice of %s", got, v2)
		}

		if err := client.Video.Update().SetDescription("bulk").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		got := receive(sub, 2)
		ids := []uuid.UUID{}
		for _, n := range got {
			ids = append(ids, n.ID)
		}
		if len(got) != 2 || !slices.Contains(ids, v1) || !slices.Contains(ids, v2) {
			t.Fatalf("after a bulk update: %+v, want notices of %s and %s", got, v1, v2)
		}

		// A delivery's attempt names its project, though the update does not
		// set it: delivery subscriptions follow a project.
		s.MustGraphQL(`mutation($p: ID!) { createWebhookEndpoint(projectID: $p, input: {url: "http://127.0.0.1:9/hook"}) { secret } }`,
			map[string]any{"p": project}, nil)
		deliveries := s.App.Changes.Subscribe(func(n changefeed.Notice) bool { return n.Kind == changefeed.KindWebhookDelivery })
		defer deliveries.Close()
		s.CreateVideo(project, "", "three")
		created := receive(deliveries, 1)
		if len(created) != 1 || created[0].ProjectID.String() != project {
			t.Fatalf("delivery created: %+v, want one notice in project %s", created, project)
		}
		if err := client.WebhookDelivery.UpdateOneID(created[0].ID).SetAttempts(1).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got := receive(deliveries, 1); len(got) != 1 || got[0].ID != created[0].ID || got[0].ProjectID.String() != project {
			t.Fatalf("delivery attempted: %+v, want one notice of %s in project %s", got, created[0].ID, project)
		}
		receive(sub, 0) // the third video's creation

		if _, err := client.Video.Delete().Where(video.IDIn(v1, v2)).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		got = receive(sub, 2)
		if len(got) != 2 || !got[0].Deleted || !got[1].Deleted {
			t.Fatalf("after deleting: %+v, want two deleted notices", got)
		}
	}, apptest.Options{Env: map[string]string{"VIDRA_WORKERS": "false"}})
}

// TestPostgresBusCarriesLargeBatches: notices published by one bus reach the
// subscribers of another on the same database, even when there are too many
// for one NOTIFY payload.
func TestPostgresBusCarriesLargeBatches(t *testing.T) {
	if !slices.Contains(testdb.Dialects(t), dialect.Postgres) {
		t.Skip("PostgreSQL is not reachable")
	}
	db := testdb.Open(t, dialect.Postgres)
	log := slog.New(slog.DiscardHandler)
	// Two processes: each its own listening connection.
	fromListener, toListener := pglisten.Open(db.URL, log), pglisten.Open(db.URL, log)
	t.Cleanup(fromListener.Close)
	t.Cleanup(toListener.Close)
	from, to := changefeed.NewPostgres(fromListener, db.SQL, log), changefeed.NewPostgres(toListener, db.SQL, log)
	t.Cleanup(from.Close)
	t.Cleanup(to.Close)
	sub := to.Subscribe(func(changefeed.Notice) bool { return true })
	defer sub.Close()
	sent := make([]changefeed.Notice, 200)
	for i := range sent {
		sent[i] = changefeed.Notice{Kind: changefeed.KindWebhookDelivery, ID: uuid.New(), ProjectID: uuid.New()}
	}
	if err := from.Publish(t.Context(), sent...); err != nil {
		t.Fatal(err)
	}
	got := receive(sub, len(sent))
	if !slices.Equal(got, sent) {
		t.Fatalf("received %d notices, want the %d sent in order", len(got), len(sent))
	}
}
