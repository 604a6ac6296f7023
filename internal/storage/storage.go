// Package storage opens Vidra's blob storage through gocloud.dev/blob: local files
// (file://, the default under the data dir) or S3-compatible object storage (s3://).
package storage

import (
	"context"
	"fmt"
	"net/url"
	"os"

	"github.com/google/uuid"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets
	_ "gocloud.dev/blob/s3blob"   // s3:// buckets
)

// Open opens the bucket named by storageURL. A file:// directory is created when missing.
func Open(ctx context.Context, storageURL string) (*blob.Bucket, error) {
	u, err := url.Parse(storageURL)
	if err != nil {
		return nil, fmt.Errorf("storage: bad URL: %w", err)
	}
	switch u.Scheme {
	case "file":
		if err := os.MkdirAll(u.Path, 0o750); err != nil {
			return nil, fmt.Errorf("storage: create %s: %w", u.Path, err)
		}
		q := u.Query()
		// Metadata sidecar files would double the file count; content types are
		// recorded by Vidra itself where they matter.
		if q.Get("metadata") == "" {
			q.Set("metadata", "skip")
		}
		u.RawQuery = q.Encode()
	case "s3":
	default:
		return nil, fmt.Errorf("storage: unsupported URL scheme %q: want file:// or s3://", u.Scheme)
	}
	bucket, err := blob.OpenBucket(ctx, u.String())
	if err != nil {
		return nil, fmt.Errorf("storage: open %s://%s: %w", u.Scheme, u.Host+u.Path, err)
	}
	return bucket, nil
}

// healthPrefix holds the objects the health check writes, reads back and
// deletes: one new key per check, so replicas sharing a bucket (and checks
// running at once in one process) never read or delete each other's object.
const healthPrefix = ".vidra-health/"

// Check writes, reads and deletes a small object of its own: the bucket is
// usable. A process killed mid-check leaves its one object of 2 bytes.
func Check(ctx context.Context, bucket *blob.Bucket) error {
	healthKey := healthPrefix + uuid.NewString()
	want := []byte("ok")
	if err := bucket.WriteAll(ctx, healthKey, want, nil); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	got, err := bucket.ReadAll(ctx, healthKey)
	if err != nil {
		return fmt.Errorf("read: %w", err)
	}
	if string(got) != string(want) {
		return fmt.Errorf("read back %q, wrote %q", got, want)
	}
	if err := bucket.Delete(ctx, healthKey); err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	return nil
}
