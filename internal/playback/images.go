package playback

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/storedobject"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/usage"
)

// The image API (docs/api/videos.md#image-api): a still of a ready video at any
// time (thumbnail.{jpg,png,webp}) and a short animation (animated.{gif,webp}),
// made by ffmpeg from the video's own HLS segments on the first request and kept
// in the bucket under the video's images/derived/ folder, keyed by what changes
// the picture: every replica serves a picture one of them made, and storage
// metering and the video's blob removal include it. Requests for a picture not
// made yet share one ffmpeg run per process (single-flight), and the process runs
// at most one ffmpeg per core for pictures at a time.

// errNoFrames is the answer for a video with no ready rendition to take frames from.
var errNoFrames = errors.New("the video has no frames to take pictures from yet")

// errNoPicture is the answer for a sound-only video: it has no frames at all.
var errNoPicture = errors.New("the video is sound only: it has no picture to take")

// imageMakeTimeout bounds the making of one picture (reading its segments, ffmpeg, storing it).
const imageMakeTimeout = 60 * time.Second

// imageKeyPrefix is the folder of a video's image cache.
const imageKeyPrefix = "derived/"

// serveImage answers a request of the image API for v.
func (s *Server) serveImage(w http.ResponseWriter, r *http.Request, v *ent.Video, file, cache string) {
	if v.Status != "ready" {
		http.Error(w, "the video is not ready (status "+string(v.Status)+"): pictures are made from its renditions", http.StatusNotFound)
		return
	}
	req, err := parseImageRequest(file, r.URL.Query(), v.Duration)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	key := imageKey(v.ID, imageKeyPrefix+req.cacheName())
	if s.serveStoredBlob(w, r, key, cache) {
		return
	}
	res, err, _ := s.images.Do(key, func() (any, error) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), imageMakeTimeout)
		defer cancel()
		return s.makeImage(ctx, v, req, key)
	})
	switch {
	case errors.Is(err, media.ErrNoFFmpeg):
		http.Error(w, "pictures cannot be made: "+err.Error(), http.StatusServiceUnavailable)
		return
	case errors.Is(err, errNoFrames), errors.Is(err, errNoPicture):
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	case err != nil:
		s.fail(w, r, fmt.Errorf("image %s: %w", key, err))
		return
	}
	body := res.([]byte)
	w.Header().Set("Content-Type", media.ContentType(key))
	w.Header().Set("Cache-Control", cache)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// makeImage makes the picture req asks for, stores it at key and records its
// storage; it returns the picture's bytes.
func (s *Server) makeImage(ctx context.Context, v *ent.Video, req imageRequest, key string) ([]byte, error) {
	if err := s.imageSlot(ctx); err != nil {
		return nil, err
	}
	defer s.releaseImageSlot()
	dir, err := os.MkdirTemp("", "vidra-image-*")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(dir) }()
	src, err := s.writeImageSource(ctx, v, req, dir)
	if err != nil {
		return nil, err
	}
	in, err := media.OpenInput(src.path)
	if err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "out."+req.spec.Format)
	if req.animated {
		err = s.Tools.Animated(ctx, in, src.offset, float64(req.toMs-req.fromMs)/1000, req.fps, req.spec, out)
	} else {
		err = s.Tools.Still(ctx, in, src.offset, req.spec, out)
	}
	if err != nil {
		return nil, err
	}
	body, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	s.imagesMade.Add(1)
	full, err := s.imageCacheFull(ctx, v)
	if err != nil {
		return nil, err
	}
	if full {
		s.Log.WarnContext(ctx, "image made, not kept: the video has as many pictures as the image API keeps",
			"video_id", v.ID, "key", key, "bytes", len(body), "kept", s.imagesPerVideo())
		return body, nil
	}
	if err := s.Bucket.WriteAll(ctx, key, body, &blob.WriterOptions{ContentType: media.ContentType(key)}); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if err := s.recordImageStored(ctx, v, key, int64(len(body))); err != nil {
		return nil, err
	}
	s.Log.InfoContext(ctx, "image made", "video_id", v.ID, "key", key, "bytes", len(body))
	return body, nil
}

// imagesPerVideo is the cap on a video's kept pictures.
func (s *Server) imagesPerVideo() int {
	if s.ImagesPerVideo > 0 {
		return s.ImagesPerVideo
	}
	return 500
}

// imageCacheFull reports whether the video already has as many kept pictures
// (billed stored objects under its derived images) as the cap.
func (s *Server) imageCacheFull(ctx context.Context, v *ent.Video) (bool, error) {
	ctx = tenancy.RoutineContext(ctx, "image API cache cap")
	n, err := s.Client.StoredObject.Query().
		Where(storedobject.VideoID(v.ID), storedobject.KeyHasPrefix(imageKey(v.ID, "derived/")), storedobject.DeletedAtIsNil()).
		Count(ctx)
	return n >= s.imagesPerVideo(), err
}

// recordImageStored meters a picture's storage from now, once per key: a picture
// another replica made and recorded at the same key is not counted twice.
func (s *Server) recordImageStored(ctx context.Context, v *ent.Video, key string, n int64) error {
	ctx = tenancy.RoutineContext(ctx, "image API picture stored")
	known, err := s.Client.StoredObject.Query().
		Where(storedobject.ProjectID(v.ProjectID), storedobject.Key(key), storedobject.DeletedAtIsNil()).Exist(ctx)
	if err != nil || known {
		return err
	}
	org, err := usage.OrganizationOf(ctx, s.Client, v.ProjectID)
	if err != nil {
		return err
	}
	return usage.Store(ctx, s.Client, usage.Object{Organization: org, Project: v.ProjectID, Video: v.ID,
		Key: key, Bytes: n, At: s.now()})
}

// ImagesMade is how many pictures of the image API this process has made
// (each ran ffmpeg once); pictures served from the cache are not counted.
func (s *Server) ImagesMade() int64 { return s.imagesMade.Load() }

// imageSlot waits for one of the process's picture-making slots (one per core).
func (s *Server) imageSlot(ctx context.Context) error {
	s.imageSlotsOnce.Do(func() { s.imageSlots = make(chan struct{}, runtime.GOMAXPROCS(0)) })
	select {
	case s.imageSlots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Server) releaseImageSlot() { <-s.imageSlots }
