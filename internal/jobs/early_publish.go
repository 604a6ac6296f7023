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

// earlyPublisher publishes the lowest video rendition (and a CMAF video's
// sound rendition) while the single ffmpeg run that encodes the whole ladder
// is still going: every poll it uploads the files each rendition's playlist
// already names (a CMAF init segment first), then the playlist (an HLS EVENT
// playlist: it only grows), and once every one of them has a segment up, a
// master playlist naming them. So the video plays after one segment, and the
// ladder still costs one decode of the source (two passes would cost about
// 1.5x).
type earlyPublisher struct {
	p      *Pipeline
	id     uuid.UUID
	out    string // local folder of the renditions
	ladder outputLadder
	sent   map[string]bool // rendition/file names uploaded
	master bool
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
	rends := e.ladder.all()
	started := 0
	for _, r := range rends {
		has, err := e.syncRendition(ctx, r.Name)
		if err != nil {
			return err
		}
		if has {
			started++
		}
	}
	if e.master || started < len(rends) {
		return nil
	}
	master, _, err := e.ladder.manifests(e.out, false)
	if err != nil {
		return err
	}
	if err := e.p.Bucket.WriteAll(ctx, MasterKey(e.id), master, nil); err != nil {
		return err
	}
	e.master = true
	names := make([]string, len(rends))
	for i, r := range rends {
		names[i] = r.Name
	}
	return e.p.Client.Rendition.Update().
		Where(rendition.VideoID(e.id), rendition.NameIn(names...)).
		SetStatus(rendition.StatusReady).
		Exec(ctx)
}

// syncRendition uploads the new files of one rendition and then its playlist,
// and reports whether it has a segment up.
func (e *earlyPublisher) syncRendition(ctx context.Context, name string) (bool, error) {
	dir := filepath.Join(e.out, name)
	pl, err := os.ReadFile(filepath.Join(dir, "index.m3u8"))
	if os.IsNotExist(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	prefix := HLSPrefix(e.id) + name + "/"
	fresh := 0
	for _, line := range strings.Split(string(pl), "\n") {
		file := strings.TrimSpace(line)
		if strings.HasPrefix(file, "#EXT-X-MAP:") {
			file = media.CMAFInit
		}
		if file == "" || strings.HasPrefix(file, "#") || e.sent[name+"/"+file] {
			continue
		}
		if err := uploadFile(ctx, e.p.Bucket, filepath.Join(dir, file), prefix+file); err != nil {
			return false, err
		}
		e.sent[name+"/"+file] = true
		if file != media.CMAFInit {
			fresh++
		}
	}
	if fresh > 0 {
		if err := e.p.Bucket.WriteAll(ctx, prefix+"index.m3u8", pl, nil); err != nil {
			return false, err
		}
		e.sent[name+"/index.m3u8"] = true
	}
	return e.sent[name+"/index.m3u8"], nil
}
