package ent_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestRowsDecodedThroughPooledTargets reads rows whose columns alternate
// between values and NULL through the pooled scan targets of
// ent/template/decode_pooled.tmpl (one struct per row, reused from row to
// row and query to query), on both databases. Each entity must keep its own
// values after later rows and queries reuse the targets, a NULL must read as
// zero rather than as the previous row's value, and the many-to-many loader,
// which hands assignValues a slice of its own, must load the same tags.
func TestRowsDecodedThroughPooledTargets(t *testing.T) {
	for _, dialect := range testdb.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			db := testdb.Open(t, dialect)
			ctx := tenancy.SystemContext(context.Background(), "test fixture: pooled scan targets")
			c := db.Client
			org := c.Organization.Create().SetName("Acme").SaveX(ctx)
			proj := c.Project.Create().SetOrganization(org).SetName("p").SaveX(ctx)
			tag := c.Tag.Create().SetProject(proj).SetName("t").SaveX(ctx)
			const n = 40
			for i := range n {
				create := c.Video.Create().SetProject(proj).SetTitle(fmt.Sprintf("video %02d", i)).SetDuration(float64(i))
				if i%2 == 0 {
					create.SetMetadata(map[string]any{"i": float64(i)}).SetWidth(100 + i).AddTags(tag)
				}
				create.SaveX(ctx)
			}
			// Metadata is nullable: make the odd rows' column NULL, not an empty object.
			if _, err := db.SQL.ExecContext(ctx, `UPDATE videos SET metadata = NULL WHERE width = 0`); err != nil {
				t.Fatal(err)
			}

			check := func(videos []*ent.Video) {
				t.Helper()
				if len(videos) != n {
					t.Fatalf("%d videos, want %d", len(videos), n)
				}
				for i, v := range videos {
					if v.Title != fmt.Sprintf("video %02d", i) || v.Duration != float64(i) || v.ProjectID != proj.ID {
						t.Errorf("video %d reads %q, %v, project %v", i, v.Title, v.Duration, v.ProjectID)
					}
					if i%2 == 0 && (v.Width != 100+i || v.Metadata["i"] != float64(i)) {
						t.Errorf("video %d: width %d, metadata %v", i, v.Width, v.Metadata)
					}
					if i%2 == 1 && (v.Width != 0 || v.Metadata != nil) {
						t.Errorf("video %d (NULL metadata) reads width %d, metadata %v: a previous row's values", i, v.Width, v.Metadata)
					}
				}
			}
			first := c.Video.Query().Order(video.ByTitle()).AllX(ctx)
			check(first)
			// Later queries reuse the targets; the first query's entities keep their values.
			for range 3 {
				check(c.Video.Query().Order(video.ByTitle()).AllX(ctx))
			}
			check(first)
			// A narrow selection, as the GraphQL field collection makes.
			narrow := c.Video.Query().Select(video.FieldTitle, video.FieldDuration).Order(video.ByTitle()).AllX(ctx)
			for i, v := range narrow {
				if v.Title != fmt.Sprintf("video %02d", i) || v.Duration != float64(i) || v.Width != 0 {
					t.Errorf("narrow video %d reads %q, %v, width %d", i, v.Title, v.Duration, v.Width)
				}
			}

			withTags := c.Video.Query().WithTags().Order(video.ByTitle()).AllX(ctx)
			for i, v := range withTags {
				want := 0
				if i%2 == 0 {
					want = 1
				}
				if len(v.Edges.Tags) != want || (want == 1 && (v.Edges.Tags[0].ID != tag.ID || v.Edges.Tags[0].Name != "t")) {
					t.Errorf("video %d has tags %v, want %d", i, v.Edges.Tags, want)
				}
			}
		})
	}
}
