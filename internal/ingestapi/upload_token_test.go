package ingestapi_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent/uploadtoken"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/ingestapi"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/upload"
)

func TestUploadTokenRefusals(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			token := func(in ingestapi.UploadTokenInput) func(context.Context, uuid.UUID) error {
				return func(ctx context.Context, p uuid.UUID) error {
					_, err := f.svc.CreateUploadToken(ctx, p, in)
					return err
				}
			}
			// The project is checked first: a bad size in another organization's
			// project is still "project not found".
			f.wantRefused(t, []refusal{
				{"another organization's project", true, "projectID", "project not found", token(ingestapi.UploadTokenInput{MaxSize: ptr(0)})},
				{"folder of another project", false, "folderID", "folder belongs to another project",
					token(ingestapi.UploadTokenInput{FolderID: &f.otherFolder, MaxSize: ptr(0)})},
				{"no size", false, "maxSize", "must be between 1 and 5368709120 bytes", token(ingestapi.UploadTokenInput{MaxSize: ptr(0), ExpiresIn: ptr(1)})},
				{"over the server's size", false, "maxSize", "must be between 1 and 5368709120 bytes", token(ingestapi.UploadTokenInput{MaxSize: ptr(maxUpload + 1)})},
				{"under a minute", false, "expiresIn", "must be between 60 and 604800 seconds", token(ingestapi.UploadTokenInput{ExpiresIn: ptr(59)})},
				{"over a week", false, "expiresIn", "must be between 60 and 604800 seconds", token(ingestapi.UploadTokenInput{ExpiresIn: ptr(7*24*3600 + 1)})},
			})

			// A blocked organization is refused before its folder is looked at.
			f.block(t)
			_, err := f.svc.CreateUploadToken(f.owner, f.project, ingestapi.UploadTokenInput{FolderID: &f.otherFolder})
			domaintest.WantFault(t, err, fault.KindPaymentRequired, "",
				"the organization's subscription is unpaid: pay its open invoices to upload or play")
			if n, m, e := f.client.Video.Query().CountX(f.system), f.client.UploadToken.Query().CountX(f.system), f.created(); n+m+e != 0 {
				t.Fatalf("%d videos, %d tokens, %d events after refusals", n, m, e)
			}
		})
	}
}

func TestUploadToken(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			var c *ingestapi.UploadCredentials
			before := time.Now().UTC().Truncate(time.Second)
			err := f.inTx(func(ctx context.Context) (err error) {
				c, err = f.svc.CreateUploadToken(ctx, f.project, ingestapi.UploadTokenInput{
					Title: ptr("  Holiday  "), FolderID: &f.folder, MaxSize: ptr(1000), ExpiresIn: ptr(3600)})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if c.UploadURL != "https://vidra.example.org/v1/uploads/" || c.DirectUploadURL != "https://vidra.example.org/v1/uploads/direct" ||
				c.MaxSize != 1000 || c.ExpiresAt.Before(before.Add(time.Hour)) || c.ExpiresAt.After(time.Now().Add(time.Hour)) {
				t.Fatalf("credentials %+v", c)
			}
			v := f.client.Video.GetX(f.system, c.Video.ID)
			if v.Title != "Holiday" || v.Status != video.StatusCreated || v.FolderID == nil || *v.FolderID != f.folder || v.ProjectID != f.project {
				t.Fatalf("video %+v", v)
			}
			tok := f.client.UploadToken.Query().Where(uploadtoken.VideoID(v.ID)).OnlyX(f.system)
			if tok.TokenHash != upload.HashToken(c.Token) || tok.MaxSize != 1000 || !tok.ExpiresAt.Equal(c.ExpiresAt) || tok.ProjectID != f.project {
				t.Fatalf("token row %+v", tok)
			}
			if f.created() != 1 {
				t.Fatalf("%d video.created events, want 1", f.created())
			}

			// The defaults: "Untitled upload", the server's largest upload, a day;
			// outside a transaction the service opens its own.
			c, err = f.svc.CreateUploadToken(f.owner, f.project, ingestapi.UploadTokenInput{})
			if err != nil {
				t.Fatal(err)
			}
			if c.Video.Title != "Untitled upload" || c.MaxSize != maxUpload || c.ExpiresAt.Before(before.Add(24*time.Hour)) || f.created() != 2 {
				t.Fatalf("defaults: %+v, %d events", c, f.created())
			}

			// A rolled-back mutation leaves neither video nor token nor event.
			_ = f.inTx(func(ctx context.Context) error {
				if _, err := f.svc.CreateUploadToken(ctx, f.project, ingestapi.UploadTokenInput{}); err != nil {
					t.Fatal(err)
				}
				return &fault.Error{Kind: fault.KindConflict, Message: "a later field failed"}
			})
			if n := f.client.Video.Query().CountX(f.system); n != 2 || f.client.UploadToken.Query().CountX(f.system) != 2 || f.created() != 2 {
				t.Fatalf("after a rollback: %d videos", n)
			}
		})
	}
}
