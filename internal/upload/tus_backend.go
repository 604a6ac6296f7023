package upload

import (
	"context"
	"errors"
	"net/url"
	"os"
	"path/filepath"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/tus/tusd/v2/pkg/filestore"
	tusd "github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/s3store"
	"gocloud.dev/gcerrors"
)

// tusPrefix is where uploads in progress live in an S3 bucket: the upload
// object (a multipart upload until it completes) and its .info and .part objects.
const tusPrefix = "uploads/"

// S3BucketOf returns the bucket name of an s3:// storage URL, or "".
func S3BucketOf(storageURL string) string {
	u, err := url.Parse(storageURL)
	if err != nil || u.Scheme != "s3" {
		return ""
	}
	return u.Host
}

// tusComposable is a tusd store that registers itself with a composer.
type tusComposable interface {
	UseIn(*tusd.StoreComposer)
}

// tusStore is where uploads in progress live: with S3 storage, in the bucket
// itself through tusd's S3 store (multipart uploads), so every replica resumes
// every upload (durableS3Store keeps what it acknowledged when a process dies
// mid-PATCH); with file storage, in s.Dir, which replicas share when the data
// directory is on shared storage (the embedded mode has one process).
func (s *Service) tusStore() tusComposable {
	if client := s.s3Client(); client != nil {
		store := s3store.New(s.S3Bucket, client)
		store.ObjectPrefix = tusPrefix
		store.MetadataObjectPrefix = tusPrefix
		store.TemporaryDirectory = s.Dir
		return &durableS3Store{S3Store: store, client: client, log: s.Log}
	}
	return writebackStore{filestore.New(s.Dir)}
}

// s3Client is the S3 client of the bucket when uploads in progress live in it
// (S3 storage), else nil.
func (s *Service) s3Client() *s3.Client {
	var client *s3.Client
	if s.S3Bucket == "" || !s.Bucket.As(&client) {
		return nil
	}
	return client
}

// uploadInProgress says whether the upload with Vidra's id still has its record.
func (s *Service) uploadInProgress(ctx context.Context, id string) bool {
	if s.s3Client() != nil {
		ok, err := s.Bucket.Exists(ctx, tusPrefix+id+".info")
		return err == nil && ok
	}
	_, err := os.Stat(filepath.Join(s.Dir, id+".info"))
	return err == nil
}

// uploadedBytes is where a finished upload's bytes are: a local file (Path) or
// an object of the bucket (Key).
type uploadedBytes struct {
	Path, Key string
}

// finishedUpload locates the bytes of a finished tus upload.
func finishedUpload(info tusd.FileInfo) uploadedBytes {
	if info.Storage["Type"] == "s3store" {
		return uploadedBytes{Key: info.Storage["Key"]}
	}
	return uploadedBytes{Path: info.Storage["Path"]}
}

// forgetUpload removes what is left of a finished upload once its bytes became
// the source: its info (the tus record) and, in S3, the upload object itself
// and the incomplete part (with a held copy, see durableS3Store).
// The token's completion answers HEAD from then on.
func (s *Service) forgetUpload(ctx context.Context, info tusd.FileInfo) {
	if info.Storage["Type"] != "s3store" {
		_ = os.Remove(info.Storage["InfoPath"])
		return
	}
	key := info.Storage["Key"]
	for _, k := range []string{key, key + ".info", key + ".part", key + heldSuffix} {
		if err := s.Bucket.Delete(ctx, k); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			s.Log.WarnContext(ctx, "remove finished upload object", "key", k, "err", err)
		}
	}
}

// errNoSource is returned when a finished upload names no bytes.
var errNoSource = errors.New("the finished upload names no file or object")
