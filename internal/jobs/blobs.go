package jobs

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/google/uuid"
	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/internal/blobs"
	"github.com/vidra-dev/vidra/internal/media"
)

// Blob keys of a video's files. Everything a video owns lives under videos/<id>/.

// VideoPrefix is the folder of everything the media pipeline keeps for a video.
func VideoPrefix(videoID uuid.UUID) string { return blobs.MediaPrefix(videoID) }

// SourceKey is the blob key of a video's uploaded source.
func SourceKey(videoID uuid.UUID) string { return "videos/" + videoID.String() + "/source" }

// HLSPrefix is the folder of a video's playlists and segments.
func HLSPrefix(videoID uuid.UUID) string { return "videos/" + videoID.String() + "/hls/" }

// ImagePrefix is the folder of a video's thumbnails and storyboard.
func ImagePrefix(videoID uuid.UUID) string { return "videos/" + videoID.String() + "/images/" }

// MasterKey is the blob key of a video's master playlist.
func MasterKey(videoID uuid.UUID) string { return HLSPrefix(videoID) + "master.m3u8" }

// downloadBlob copies a blob into a local file.
func downloadBlob(ctx context.Context, b *blob.Bucket, key, dst string) error {
	r, err := b.NewReader(ctx, key, nil)
	if err != nil {
		return fmt.Errorf("open source %s: %w", key, err)
	}
	defer func() { _ = r.Close() }()
	f, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		_ = f.Close()
		return fmt.Errorf("download source: %w", err)
	}
	return f.Close()
}

// uploadFile writes a local file to the bucket with its content type.
func uploadFile(ctx context.Context, b *blob.Bucket, src, key string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	w, err := b.NewWriter(ctx, key, &blob.WriterOptions{ContentType: media.ContentType(key)})
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, f); err != nil {
		_ = w.Close()
		return fmt.Errorf("upload %s: %w", key, err)
	}
	return w.Close()
}

// uploadRendition uploads one rendition folder, segments before the playlist, so a
// playlist in the bucket never names a segment that is not there yet.
func uploadRendition(ctx context.Context, b *blob.Bucket, localDir, prefix string) error {
	var playlists []string
	err := filepath.WalkDir(localDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if path.Ext(p) == ".m3u8" {
			playlists = append(playlists, p)
			return nil
		}
		return uploadFile(ctx, b, p, prefix+d.Name())
	})
	if err != nil {
		return err
	}
	for _, p := range playlists {
		if err := uploadFile(ctx, b, p, prefix+filepath.Base(p)); err != nil {
			return err
		}
	}
	return nil
}

// localBlob returns the local file that holds a blob when the bucket keeps
// its blobs as files (file://, the embedded default: fileblob's reader is
// the open file), so ffmpeg reads a large source in place instead of a copy;
// ok is false for any other bucket, whose blobs are downloaded.
func localBlob(ctx context.Context, b *blob.Bucket, key string) (path string, ok bool) {
	r, err := b.NewReader(ctx, key, nil)
	if err != nil {
		return "", false
	}
	defer func() { _ = r.Close() }()
	var inner io.Reader
	if !r.As(&inner) {
		return "", false
	}
	f, isFile := inner.(*os.File)
	if !isFile {
		return "", false
	}
	return f.Name(), true
}
