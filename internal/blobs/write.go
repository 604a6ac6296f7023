package blobs

import (
	"context"
	"log/slog"

	"gocloud.dev/blob"
)

// Write stores data under key with its content type.
func Write(ctx context.Context, bucket *blob.Bucket, key, contentType string, data []byte) error {
	w, err := bucket.NewWriter(ctx, key, &blob.WriterOptions{ContentType: contentType})
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		_ = w.Close()
		return err
	}
	return w.Close()
}

// Discard removes a blob written for a change that failed; best effort, as an
// orphan costs only space (the failure is logged).
func Discard(ctx context.Context, bucket *blob.Bucket, log *slog.Logger, key string) {
	if err := bucket.Delete(context.WithoutCancel(ctx), key); err != nil {
		log.WarnContext(ctx, "could not remove the blob of a failed change", "key", key, "err", err)
	}
}
