package upload_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	tusd "github.com/tus/tusd/v2/pkg/handler"

	"github.com/vidra-dev/vidra/internal/s3test"
	"github.com/vidra-dev/vidra/internal/upload"
)

// acknowledged is what the first PATCH of the tests stored: less than a
// multipart part (5 MiB), so tusd keeps it in the upload's .part object (the
// figure of issue 45).
const acknowledged = 1312330

// TestDurableS3StoreSettlesHeldPart brings the bucket (a real S3-compatible
// server) to each state a process can leave an upload in when it dies during a
// PATCH on an upload with an incomplete part (after Vidra's store held a copy
// of the .part object, at each step of tusd's write), then reads the upload as
// another process does: the offset is never below the acknowledged one, the
// held copy is gone, and the upload completes with exactly the bytes sent.
// A write that fails (the body reader errs) after tusd deleted .part keeps the
// offset in the live process too.
func TestDurableS3StoreSettlesHeldPart(t *testing.T) {
	srv := s3test.Start(t)
	client := srv.Client()
	ctx := context.Background()
	data := make([]byte, 7<<20)
	rnd := rand.NewChaCha8([32]byte{45})
	_, _ = rnd.Read(data)
	// tusd's own store, as the dead process's write went through it after the hold.
	tusdWrite := func(t *testing.T, id string, offset int64, b []byte) {
		u, err := upload.TusS3Store(srv.Bucket, client, t.TempDir()).GetUpload(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := u.GetInfo(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := u.WriteChunk(ctx, offset, bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name string
		// die leaves the bucket as a process dies after holding .part.
		die  func(t *testing.T, u tusd.Upload, id string)
		want int64
	}{
		{"before tusd deleted .part", func(*testing.T, tusd.Upload, string) {}, acknowledged},
		{"after tusd deleted .part, waiting for the body", func(t *testing.T, u tusd.Upload, id string) {
			srv.Delete(t, partKey(id))
		}, acknowledged},
		{"after tusd wrote .part and the body's first bytes as a new .part", func(t *testing.T, u tusd.Upload, id string) {
			tusdWrite(t, id, acknowledged, data[acknowledged:acknowledged+1000])
		}, acknowledged + 1000},
		{"after tusd uploaded .part and the body as a part", func(t *testing.T, u tusd.Upload, id string) {
			tusdWrite(t, id, acknowledged, data[acknowledged:acknowledged+5<<20])
		}, acknowledged + 5<<20},
		{"never: a live process's write failed after tusd deleted .part", func(t *testing.T, u tusd.Upload, id string) {
			srv.Delete(t, heldKey(id)) // the write holds .part itself
			if _, err := u.WriteChunk(ctx, acknowledged, io.MultiReader(bytes.NewReader(data[acknowledged:acknowledged+1000]), brokenBody{})); err == nil {
				t.Fatal("a write whose body broke succeeded")
			}
		}, acknowledged},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := upload.DurableTusS3Store(srv.Bucket, client, t.TempDir()).NewUpload(ctx, tusd.FileInfo{Size: int64(len(data))})
			if err != nil {
				t.Fatal(err)
			}
			info, err := u.GetInfo(ctx)
			if err != nil {
				t.Fatal(err)
			}
			id := info.ID
			if n, err := u.WriteChunk(ctx, 0, bytes.NewReader(data[:acknowledged])); err != nil || n != acknowledged {
				t.Fatalf("first write: %d, %v", n, err)
			}
			if size := srv.Size(t, partKey(id)); size != acknowledged {
				t.Fatalf(".part holds %d bytes after the first write, want %d", size, acknowledged)
			}
			if held, err := upload.HoldIncompletePart(ctx, u, acknowledged); err != nil || !held {
				t.Fatalf("hold: %v, %v", held, err)
			}
			tc.die(t, u, id)

			// Another process reads the upload (HEAD), with the lock.
			other := upload.DurableTusS3Store(srv.Bucket, client, t.TempDir())
			u, err = other.GetUpload(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			info, err = u.GetInfo(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if info.Offset != tc.want {
				t.Fatalf("offset %d after the process died, want %d (acknowledged %d)", info.Offset, tc.want, acknowledged)
			}
			if size := srv.Size(t, heldKey(id)); size >= 0 {
				t.Errorf("the held copy (%d bytes) is still there", size)
			}
			if _, err := u.WriteChunk(ctx, info.Offset, bytes.NewReader(data[info.Offset:])); err != nil {
				t.Fatal(err)
			}
			if err := u.FinishUpload(ctx); err != nil {
				t.Fatal(err)
			}
			got := srv.Read(t, info.Storage["Key"])
			if sha256.Sum256(got) != sha256.Sum256(data) {
				t.Fatalf("the finished upload's %d bytes differ from the %d sent", len(got), len(data))
			}
		})
	}
}

// brokenBody is a PATCH body that breaks with an error other than EOF.
type brokenBody struct{}

func (brokenBody) Read([]byte) (int, error) { return 0, errors.New("body broke") }

// partKey and heldKey are the keys of an upload's .part object and its held copy.
func partKey(id string) string { return "uploads/" + id[:strings.LastIndexByte(id, '+')] + ".part" }
func heldKey(id string) string {
	return "uploads/" + id[:strings.LastIndexByte(id, '+')] + upload.HeldSuffix
}
