package jobs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/rendition"
	"github.com/vidra-dev/vidra/internal/media"
)

// earlyPublisher publishes the lowest rendition while the single ffmpeg run that
// encodes the whole ladder is still going: every poll it uploads the segments the
// rendition's playlist already names, then the playlist (an HLS EVENT playlist:
// it only grows), and once the first segment is up, a master playlist naming that
// rendition. So the video plays after one segment, and the ladder still costs one
// decode of the source (two passes would cost about 1.5x).
type earlyPublisher struct {
	p        *Pipeline
	id       uuid.UUID
	dir      string // local folder of the rendition
	rend     media.Rendition
	hasAudio bool
	sent     map[string]bool
	master   bool
}

// run polls until ctx ends.
func (e *earlyPublisher) run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := e.sync(ctx); err != nil && ctx.Err() == nil {
				e.p.Log.WarnContext(ctx, "early publish", "video_id", e.id, "err", err)
			}
		}
	}
}

// sync uploads what is new since the last poll.
func (e *earlyPublisher) sync(ctx context.Context) error {
	pl, err := os.ReadFile(filepath.Join(e.dir, "index.m3u8"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	prefix := HLSPrefix(e.id) + e.rend.Name + "/"
	fresh := 0
	for _, line := range strings.Split(string(pl), "\n") {
		name := strings.TrimSpace(line)
		if name == "" || strings.HasPrefix(name, "#") || e.sent[name] {
			continue
		}
		if err := uploadFile(ctx, e.p.Bucket, filepath.Join(e.dir, name), prefix+name); err != nil {
			return err
		}
		e.sent[name] = true
		fresh++
	}
	if fresh == 0 {
		return nil
	}
	if err := e.p.Bucket.WriteAll(ctx, prefix+"index.m3u8", pl, nil); err != nil {
		return err
	}
	if e.master {
		return nil
	}
	if err := e.p.Bucket.WriteAll(ctx, MasterKey(e.id), media.MasterPlaylist([]media.Rendition{e.rend}, e.hasAudio), nil); err != nil {
		return err
	}
	e.master = true
	return e.p.Client.Rendition.Update().
		Where(rendition.VideoID(e.id), rendition.Name(e.rend.Name)).
		SetStatus(rendition.StatusReady).
		Exec(ctx)
}
