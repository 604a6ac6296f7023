package upload

import (
	"context"
	"io"
	"os"

	"github.com/tus/tusd/v2/pkg/filestore"
	tusd "github.com/tus/tusd/v2/pkg/handler"
)

// writebackStore is tusd's file store whose uploads start writing received
// bytes to the disk as they arrive (see writeback), so that the fsync before an
// upload becomes a video's source waits for little.
type writebackStore struct {
	filestore.FileStore
}

// UseIn registers the store and the extensions Vidra's tus handler uses with a
// composer: the file store's own UseIn less its content server, as downloads are
// off (DisableDownload).
func (s writebackStore) UseIn(c *tusd.StoreComposer) {
	c.UseCore(s)
	c.UseTerminater(s)
	c.UseConcater(s)
	c.UseLengthDeferrer(s)
}

// NewUpload creates an upload.
func (s writebackStore) NewUpload(ctx context.Context, info tusd.FileInfo) (tusd.Upload, error) {
	u, err := s.FileStore.NewUpload(ctx, info)
	if err != nil {
		return nil, err
	}
	return writebackUpload{u}, nil
}

// GetUpload finds an upload.
func (s writebackStore) GetUpload(ctx context.Context, id string) (tusd.Upload, error) {
	u, err := s.FileStore.GetUpload(ctx, id)
	if err != nil {
		return nil, err
	}
	return writebackUpload{u}, nil
}

// The file store's extensions expect its own upload type: they get it unwrapped.

// AsTerminatableUpload implements tusd.TerminaterDataStore.
func (s writebackStore) AsTerminatableUpload(u tusd.Upload) tusd.TerminatableUpload {
	return s.FileStore.AsTerminatableUpload(unwrapUpload(u))
}

// AsLengthDeclarableUpload implements tusd.LengthDeferrerDataStore.
func (s writebackStore) AsLengthDeclarableUpload(u tusd.Upload) tusd.LengthDeclarableUpload {
	return s.FileStore.AsLengthDeclarableUpload(unwrapUpload(u))
}

// AsConcatableUpload implements tusd.ConcaterDataStore.
func (s writebackStore) AsConcatableUpload(u tusd.Upload) tusd.ConcatableUpload {
	return s.FileStore.AsConcatableUpload(unwrapUpload(u))
}

// writebackUpload is a file store upload whose chunks go through writeback.
type writebackUpload struct {
	tusd.Upload
}

// unwrapUpload is the file store's own upload behind u.
func unwrapUpload(u tusd.Upload) tusd.Upload {
	if w, ok := u.(writebackUpload); ok {
		return w.Upload
	}
	return u
}

// WriteChunk appends a PATCH body to the upload's file.
func (u writebackUpload) WriteChunk(ctx context.Context, offset int64, src io.Reader) (int64, error) {
	info, err := u.GetInfo(ctx)
	if err != nil {
		return 0, err
	}
	f, err := os.Open(info.Storage["Path"])
	if err != nil { // no writeback then; the store reports its own errors
		return u.Upload.WriteChunk(ctx, offset, src)
	}
	defer f.Close()
	return u.Upload.WriteChunk(ctx, offset, newWriteback(src, f, offset))
}
