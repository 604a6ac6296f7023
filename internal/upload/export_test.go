package upload

import (
	"context"
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	tusd "github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/s3store"
)

// TusS3Store is tusd's S3 store over bucket as tusStore configures it (prefix
// uploads/, temporary files in dir), without Vidra's wrapper.
func TusS3Store(bucket string, client *s3.Client, dir string) s3store.S3Store {
	store := s3store.New(bucket, client)
	store.ObjectPrefix = tusPrefix
	store.MetadataObjectPrefix = tusPrefix
	store.TemporaryDirectory = dir
	return store
}

// DurableTusS3Store is the S3 store of uploads in progress as tusStore makes it.
func DurableTusS3Store(bucket string, client *s3.Client, dir string) tusd.DataStore {
	return &durableS3Store{S3Store: TusS3Store(bucket, client, dir), client: client, log: slog.Default()}
}

// HoldIncompletePart is what a PATCH does first on an upload of
// DurableTusS3Store: copy the incomplete part aside with the offset so far.
func HoldIncompletePart(ctx context.Context, u tusd.Upload, offset int64) (bool, error) {
	return u.(*durableS3Upload).hold(ctx, offset)
}

// HeldSuffix names the held copy of an upload's incomplete part.
const HeldSuffix = heldSuffix
