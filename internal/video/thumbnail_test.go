package video_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"strings"
	"testing"

	"github.com/google/uuid"
	"gocloud.dev/blob/memblob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/thumbnail"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/txn"
	videolib "github.com/vidra-dev/vidra/internal/video"
)

// encoded is a w x h image in format "png" or "jpeg".
func encoded(t *testing.T, format string, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var err error
	if format == "png" {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// webp is the start of a WebP file: enough to be sniffed as one.
var webp = []byte("RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00\x30\x01\x00\x9d\x01\x2a\x01\x00\x01\x00")

// file is an upload of data as the transport gives it.
func file(data []byte) videolib.ImageFile {
	return videolib.ImageFile{Body: bytes.NewReader(data), Size: int64(len(data)), Filename: "poster", ContentType: "application/octet-stream"}
}

// failingReader fails after nothing.
type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

func TestThumbnailRefusals(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := domaintest.NewWorld(t, d)
			bucket := memblob.OpenBucket(nil)
			t.Cleanup(func() { _ = bucket.Close() })
			svc := videolib.New(videolib.Deps{Client: w.Client, Dialect: d, Bucket: bucket})
			v := w.Client.Video.Create().SetProjectID(w.Project).SetTitle("v").SaveX(w.System)
			theirs := w.Client.Video.Create().SetProjectID(w.Elsewhere).SetTitle("theirs").SaveX(w.System)
			const over = "the image is over 10485760 bytes"
			big := make([]byte, 10<<20+1)
			pngData := encoded(t, "png", 3, 2)
			refusals := []struct {
				name        string
				video       uuid.UUID
				file        videolib.ImageFile
				kind        fault.Kind
				field, want string
			}{
				// The video is looked up first: another organization's is not
				// found, whatever the file.
				{"another organization's video", theirs.ID, videolib.ImageFile{Body: bytes.NewReader(nil), Size: 11 << 20},
					fault.KindNotFound, "", "video not found"},
				{"announced too large", v.ID, videolib.ImageFile{Body: bytes.NewReader(pngData), Size: 10<<20 + 1}, fault.KindTooLarge, "file", over},
				{"too large", v.ID, videolib.ImageFile{Body: bytes.NewReader(big), Size: 1}, fault.KindTooLarge, "file", over},
				{"unreadable", v.ID, videolib.ImageFile{Body: failingReader{}, Size: 10}, fault.KindInvalidInput, "file", "reading the upload failed"},
				{"text", v.ID, file([]byte("hello, world")), fault.KindInvalidInput, "file", "must be a JPEG, PNG or WebP image (got text/plain)"},
				{"gif", v.ID, file([]byte("GIF89a\x01\x00\x01\x00")), fault.KindInvalidInput, "file", "must be a JPEG, PNG or WebP image (got image/gif)"},
				{"broken png", v.ID, file(pngData[:20]), fault.KindInvalidInput, "file", "the image cannot be decoded"},
				{"broken jpeg", v.ID, file([]byte("\xff\xd8\xff\xe0 not a jpeg")), fault.KindInvalidInput, "file", "the image cannot be decoded"},
			}
			for _, r := range refusals {
				t.Run(r.name, func(t *testing.T) {
					err := txn.Open(w.Owner, w.Client, func(ctx context.Context) error {
						_, err := svc.UploadThumbnail(ctx, r.video, r.file)
						return err
					})
					if fe := fault.Classify(err); fe.Kind != r.kind || fe.Field != r.field || fe.Message != r.want {
						t.Fatalf("got %v (%s on %q), want %s on %q: %q", err, fe.Kind, fe.Field, r.kind, r.field, r.want)
					}
				})
			}
			if n := w.Client.Thumbnail.Query().CountX(w.System); n != 0 {
				t.Fatalf("%d thumbnails after refusals", n)
			}
			it := bucket.List(nil)
			if obj, err := it.Next(context.Background()); !errors.Is(err, io.EOF) {
				t.Fatalf("a blob %v was written for a refused image (%v)", obj, err)
			}
		})
	}
}

func TestThumbnailUploadAndDefault(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := domaintest.NewWorld(t, d)
			bucket := memblob.OpenBucket(nil)
			t.Cleanup(func() { _ = bucket.Close() })
			svc := videolib.New(videolib.Deps{Client: w.Client, Dialect: d, Bucket: bucket})
			v := w.Client.Video.Create().SetProjectID(w.Project).SetTitle("v").SaveX(w.System)
			other := w.Client.Video.Create().SetProjectID(w.Project).SetTitle("other").SaveX(w.System)
			generated := w.Client.Thumbnail.Create().SetVideoID(v.ID).SetKey("videos/" + v.ID.String() + "/images/t0.jpg").
				SetKind(thumbnail.KindGenerated).SetContentType("image/jpeg").SetIsDefault(true).SaveX(w.System)

			uploads := []struct {
				data          []byte
				ctype, ext    string
				width, height int
			}{
				{encoded(t, "png", 3, 2), "image/png", "png", 3, 2},
				{encoded(t, "jpeg", 16, 9), "image/jpeg", "jpg", 16, 9},
				// WebP is not decoded: its size stays unknown.
				{webp, "image/webp", "webp", 0, 0},
			}
			var made []*ent.Thumbnail
			for _, u := range uploads {
				var th *ent.Thumbnail
				err := txn.Open(w.Owner, w.Client, func(ctx context.Context) (err error) {
					th, err = svc.UploadThumbnail(ctx, v.ID, file(u.data))
					return err
				})
				if err != nil {
					t.Fatal(err)
				}
				wantKey := fmt.Sprintf("videos/%s/images/custom_%s.%s", v.ID, th.ID, u.ext)
				if th.Key != wantKey || th.Kind != thumbnail.KindCustom || th.ContentType != u.ctype || !th.IsDefault ||
					th.Width != u.width || th.Height != u.height || th.VideoID != v.ID {
					t.Fatalf("thumbnail %+v, want key %s", th, wantKey)
				}
				got, err := bucket.ReadAll(context.Background(), th.Key)
				if err != nil || !bytes.Equal(got, u.data) {
					t.Fatalf("blob %s: %d bytes, %v", th.Key, len(got), err)
				}
				if a, err := bucket.Attributes(context.Background(), th.Key); err != nil || a.ContentType != u.ctype {
					t.Fatalf("blob content type %v, %v", a, err)
				}
				// The upload is the one default.
				if ids := w.Client.Thumbnail.Query().Where(thumbnail.VideoID(v.ID), thumbnail.IsDefault(true)).IDsX(w.System); len(ids) != 1 || ids[0] != th.ID {
					t.Fatalf("defaults %v, want only %s", ids, th.ID)
				}
				made = append(made, th)
			}

			// Back to the generated one; another video's thumbnail is not found.
			th, err := svc.SetDefaultThumbnail(w.Owner, v.ID, generated.ID)
			if err != nil || !th.IsDefault {
				t.Fatalf("set default: %+v, %v", th, err)
			}
			if ids := w.Client.Thumbnail.Query().Where(thumbnail.IsDefault(true)).IDsX(w.System); len(ids) != 1 || ids[0] != generated.ID {
				t.Fatalf("defaults %v, want only %s", ids, generated.ID)
			}
			_, err = svc.SetDefaultThumbnail(w.Owner, other.ID, made[0].ID)
			if fe := fault.Classify(err); fe.Kind != fault.KindNotFound || !strings.Contains(fe.Message, "thumbnail not found") {
				t.Fatalf("another video's thumbnail: %v", err)
			}
		})
	}
}

func TestThumbnailExtension(t *testing.T) {
	for ctype, want := range map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "": "jpg", "image/gif": "jpg"} {
		if got := videolib.ThumbnailExtension(ctype); got != want {
			t.Errorf("ThumbnailExtension(%q) = %q, want %q", ctype, got, want)
		}
	}
}
