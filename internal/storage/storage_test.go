package storage

import (
	"context"
	"path/filepath"
	"testing"
)

func TestOpenFileBucketCreatesDirAndPassesCheck(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "nested", "blobs")
	bucket, err := Open(ctx, "file://"+dir)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = bucket.Close() }()
	if err := Check(ctx, bucket); err != nil {
		t.Fatal(err)
	}
	if err := bucket.WriteAll(ctx, "videos/a/source", []byte("data"), nil); err != nil {
		t.Fatal(err)
	}
	got, err := bucket.ReadAll(ctx, "videos/a/source")
	if err != nil || string(got) != "data" {
		t.Fatalf("read back %q, %v", got, err)
	}
}

func TestOpenRejectsUnknownScheme(t *testing.T) {
	if _, err := Open(context.Background(), "ftp://host/x"); err == nil {
		t.Fatal("ftp:// accepted")
	}
}
