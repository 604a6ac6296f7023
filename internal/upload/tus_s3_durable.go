package upload

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
	tusd "github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/s3store"
)

// heldSuffix names the copy of an upload's incomplete part (its .part object)
// kept while a PATCH runs; heldOffsetMeta is the S3 metadata of that copy that
// records the upload's offset when it was taken (complete parts + the copy).
const (
	heldSuffix     = ".part.held"
	heldOffsetMeta = "acknowledged-offset"
)

// durableS3Store is tusd's S3 store made to keep every offset it acknowledged.
// tusd keeps the bytes of an upload that do not fill a multipart part (5 MiB)
// in a .part object; a PATCH downloads it, deletes it, and uploads it again
// together with the PATCH's first bytes. A process dying in between (while it
// waits for the client's body) lost those bytes: HEAD then answered less than a
// 204 had acknowledged. This store copies the .part object to .part.held before
// tusd touches it and deletes the copy once tusd's write returned; a copy left
// by a process that died is settled under the upload's lock on its next request
// (see settle). Acknowledging whole parts only would need no copy, but a client
// whose chunks are under 5 MiB would then never see its offset move.
type durableS3Store struct {
	s3store.S3Store
	client *s3.Client
	log    *slog.Logger
}

// UseIn registers the store and the extensions Vidra's tus handler uses with a
// composer: no concatenation and no content server (both are off in TusHandler).
func (s *durableS3Store) UseIn(c *tusd.StoreComposer) {
	c.UseCore(s)
	c.UseTerminater(s)
	c.UseLengthDeferrer(s)
}

// NewUpload creates an upload.
func (s *durableS3Store) NewUpload(ctx context.Context, info tusd.FileInfo) (tusd.Upload, error) {
	u, err := s.S3Store.NewUpload(ctx, info)
	if err != nil {
		return nil, err
	}
	created, err := u.GetInfo(ctx)
	if err != nil {
		return nil, err
	}
	return &durableS3Upload{Upload: u, store: s, id: created.ID}, nil
}

// GetUpload finds an upload and settles a held copy of its incomplete part that
// a dead process left. tusd calls it with the upload's lock held (HEAD, PATCH,
// DELETE; concatenation, which would call it unlocked, is off).
func (s *durableS3Store) GetUpload(ctx context.Context, id string) (tusd.Upload, error) {
	u, err := s.S3Store.GetUpload(ctx, id)
	if err != nil {
		return nil, err
	}
	d := &durableS3Upload{Upload: u, store: s, id: id}
	if err := d.settle(ctx); err != nil {
		return nil, err
	}
	return d, nil
}

// AsTerminatableUpload implements tusd.TerminaterDataStore.
func (s *durableS3Store) AsTerminatableUpload(u tusd.Upload) tusd.TerminatableUpload {
	return u.(*durableS3Upload)
}

// AsLengthDeclarableUpload implements tusd.LengthDeferrerDataStore.
func (s *durableS3Store) AsLengthDeclarableUpload(u tusd.Upload) tusd.LengthDeclarableUpload {
	return s.S3Store.AsLengthDeclarableUpload(u.(*durableS3Upload).Upload)
}

// durableS3Upload is one request's view of an S3 upload (tusd's, wrapped).
type durableS3Upload struct {
	tusd.Upload
	store *durableS3Store
	id    string // tusd's id: Vidra's id "+" the multipart upload's id
}

// partKey and heldKey are the keys of the upload's incomplete part and of its held copy.
func (u *durableS3Upload) partKey() string { return tusPrefix + objectID(u.id) + ".part" }
func (u *durableS3Upload) heldKey() string { return tusPrefix + objectID(u.id) + heldSuffix }

// WriteChunk writes a PATCH body. When the upload has an incomplete part, it is
// copied to the held key (with the offset acknowledged so far) before tusd
// deletes it, and the copy is settled once tusd returned: deleted when tusd
// stored its bytes again, put back as the incomplete part when tusd failed
// before that.
func (u *durableS3Upload) WriteChunk(ctx context.Context, offset int64, src io.Reader) (int64, error) {
	info, err := u.GetInfo(ctx)
	if err != nil {
		return 0, err
	}
	held, err := u.hold(ctx, info.Offset)
	if err != nil {
		return 0, err
	}
	n, werr := u.Upload.WriteChunk(ctx, offset, src)
	if !held {
		return n, werr
	}
	// tusd's write ended: the request may be ending with the client gone, but
	// the copy must be settled all the same.
	sctx := context.WithoutCancel(ctx)
	if werr == nil { // tusd stored every byte (in parts and a new .part)
		if err := u.deleteHeld(sctx); err != nil { // the next request's settle deletes it
			u.store.log.WarnContext(sctx, "delete the held incomplete part", "upload_id", objectID(u.id), "err", err)
		}
		return n, nil
	}
	if err := u.settle(sctx); err != nil {
		u.store.log.ErrorContext(sctx, "settle the held incomplete part after a failed write", "upload_id", objectID(u.id), "err", err)
	}
	return n, werr
}

// hold copies the incomplete part, if there is one, to the held key, recording
// offset (the upload's offset before this write). It reports whether it did.
func (u *durableS3Upload) hold(ctx context.Context, offset int64) (bool, error) {
	_, err := u.store.client.CopyObject(ctx, &s3.CopyObjectInput{
		Bucket:            aws.String(u.store.Bucket),
		CopySource:        aws.String(u.store.Bucket + "/" + u.partKey()), // the keys need no escaping
		Key:               aws.String(u.heldKey()),
		Metadata:          map[string]string{heldOffsetMeta: strconv.FormatInt(offset, 10)},
		MetadataDirective: types.MetadataDirectiveReplace,
	})
	if isMissing(err) {
		return false, nil
	}
	return err == nil, err
}

// settle resolves a held copy of the incomplete part. With the lock held no
// write runs, so a copy found here was left by a write that did not return
// (its process died) or failed. Its bytes are either still only in the copy
// (the complete parts did not grow and there is no .part: tusd deleted .part and
// died before uploading them again), then the copy becomes the .part again; or
// they are in the parts or a new .part, then the copy goes.
func (u *durableS3Upload) settle(ctx context.Context) error {
	head, err := u.store.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(u.store.Bucket), Key: aws.String(u.heldKey())})
	if isMissing(err) {
		return nil
	}
	if err != nil {
		return err
	}
	acknowledged, err := strconv.ParseInt(head.Metadata[heldOffsetMeta], 10, 64)
	if err != nil {
		return errors.New("the held incomplete part of upload " + objectID(u.id) + " has no valid " + heldOffsetMeta)
	}
	partsThen := acknowledged - aws.ToInt64(head.ContentLength)
	_, err = u.store.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(u.store.Bucket), Key: aws.String(u.partKey())})
	switch {
	case err == nil: // tusd's .part (the original, or one holding its bytes and more)
		return u.deleteHeld(ctx)
	case !isMissing(err):
		return err
	}
	// Without a .part the offset is the complete parts' size. tusd's upload
	// caches what it read, which a failed write left stale: read anew.
	fresh, err := u.store.S3Store.GetUpload(ctx, u.id)
	if err != nil {
		return err
	}
	info, err := fresh.GetInfo(ctx)
	if err != nil {
		return err
	}
	u.Upload = fresh
	log := u.store.log.With("upload_id", objectID(u.id), "acknowledged", acknowledged, "parts", info.Offset)
	switch {
	case info.Offset > partsThen: // a new part begins with the held bytes
		log.InfoContext(ctx, "held incomplete part already in a part; dropping the copy")
		return u.deleteHeld(ctx)
	case info.Offset < partsThen:
		log.ErrorContext(ctx, "the upload has fewer complete parts than when its incomplete part was held; keeping the copy")
		return nil
	}
	if _, err := u.store.client.CopyObject(ctx, &s3.CopyObjectInput{
		Bucket:     aws.String(u.store.Bucket),
		CopySource: aws.String(u.store.Bucket + "/" + u.heldKey()),
		Key:        aws.String(u.partKey()),
	}); err != nil {
		return err
	}
	log.InfoContext(ctx, "restored the incomplete part a write deleted and did not store again")
	if err := u.deleteHeld(ctx); err != nil {
		return err
	}
	// fresh cached the offset without the .part: read it anew.
	u.Upload, err = u.store.S3Store.GetUpload(ctx, u.id)
	return err
}

// deleteHeld deletes the held copy (deleting a missing key succeeds in S3).
func (u *durableS3Upload) deleteHeld(ctx context.Context) error {
	_, err := u.store.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(u.store.Bucket), Key: aws.String(u.heldKey())})
	return err
}

// Terminate deletes the upload (DELETE), its held copy included.
func (u *durableS3Upload) Terminate(ctx context.Context) error {
	if err := u.store.S3Store.AsTerminatableUpload(u.Upload).Terminate(ctx); err != nil {
		return err
	}
	return u.deleteHeld(ctx)
}

// isMissing says whether an S3 error is a missing key (HEAD answers NotFound).
func isMissing(err error) bool {
	var apiErr smithy.APIError
	if !errors.As(err, &apiErr) {
		return false
	}
	switch apiErr.ErrorCode() {
	case "NoSuchKey", "NotFound":
		return true
	}
	return false
}
