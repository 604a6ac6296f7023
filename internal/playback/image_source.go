package playback

import (
	"bytes"
	"context"
	"crypto/aes"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"path"
	"slices"
	"sort"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/rendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/hlscrypt"
	"github.com/vidra-dev/vidra/internal/media"
)

// covering is the run of segments that holds [from, to] seconds; to == from
// asks for the one segment holding from.
func covering(segs []media.PlaylistSegment, from, to float64) []media.PlaylistSegment {
	first := sort.Search(len(segs), func(i int) bool { return segs[i].Start+segs[i].Duration > from })
	if first == len(segs) {
		first = len(segs) - 1
	}
	last := first
	for last+1 < len(segs) && segs[last+1].Start < to {
		last++
	}
	return segs[first : last+1]
}

// pickRendition is the smallest ready rendition with at least height lines,
// else the tallest; height 0 asks for the tallest.
func pickRendition(rends []*ent.Rendition, height int) *ent.Rendition {
	sort.Slice(rends, func(i, j int) bool { return rends[i].Height < rends[j].Height })
	for _, r := range rends {
		if height > 0 && r.Height >= height {
			return r
		}
	}
	return rends[len(rends)-1]
}

// imageSource is the stretch of a video an image is made from: its segments
// joined in one local file (MPEG-TS, or a CMAF init segment and its
// fragments), and where the asked range starts in it.
type imageSource struct {
	path   string
	offset float64
}

// writeImageSource reads the segments of the best rendition of v that cover
// [from, to] seconds from the bucket, decrypts them when the rendition is
// encrypted, and joins them into a local file in dir. Nothing but Vidra's own
// segments reaches ffmpeg.
func (s *Server) writeImageSource(ctx context.Context, v *ent.Video, req imageRequest, dir string) (imageSource, error) {
	rends, err := s.Client.Rendition.Query().
		Where(rendition.VideoID(v.ID), rendition.StatusEQ(rendition.StatusReady)).All(ctx)
	if err != nil {
		return imageSource{}, err
	}
	rends = slices.DeleteFunc(rends, func(r *ent.Rendition) bool { return r.Height == 0 })
	if len(rends) == 0 {
		if v.Width == 0 && v.Status == video.StatusReady {
			return imageSource{}, errNoPicture
		}
		return imageSource{}, errNoFrames
	}
	r := pickRendition(rends, req.outputHeight(v.Width, v.Height))
	body, err := s.Bucket.ReadAll(ctx, hlsKey(v.ID, r.Name+"/index.m3u8"))
	if err != nil {
		return imageSource{}, fmt.Errorf("rendition %s playlist: %w", r.Name, err)
	}
	segs, err := media.ParseMediaPlaylist(string(body))
	if err != nil {
		return imageSource{}, fmt.Errorf("rendition %s playlist: %w", r.Name, err)
	}
	from, to := float64(req.fromMs)/1000, float64(req.toMs)/1000
	if !req.animated {
		// The last frame starts before the end: a still at the very end is
		// taken a tenth of a second earlier.
		end := segs[len(segs)-1].Start + segs[len(segs)-1].Duration
		from = math.Max(0, math.Min(from, end-0.1))
		to = from
	}
	run := covering(segs, from, to)
	var key []byte
	if run[0].IV != nil {
		if key, err = hex.DecodeString(v.EncryptionKey); err != nil || len(key) != aes.BlockSize {
			return imageSource{}, errors.New("the video's encryption key is unreadable")
		}
	}
	var joined bytes.Buffer
	name := "source.ts"
	if v.Packaging == video.PackagingCmaf {
		// A CMAF segment is a fragment of the rendition's init segment's movie.
		init, err := s.Bucket.ReadAll(ctx, hlsKey(v.ID, r.Name+"/"+media.CMAFInit))
		if err != nil {
			return imageSource{}, fmt.Errorf("rendition %s init segment: %w", r.Name, err)
		}
		joined.Write(init)
		name = "source.mp4"
	}
	for _, seg := range run {
		b, err := s.Bucket.ReadAll(ctx, hlsKey(v.ID, r.Name+"/"+seg.Name))
		if err != nil {
			return imageSource{}, fmt.Errorf("segment %s/%s: %w", r.Name, seg.Name, err)
		}
		if seg.IV != nil {
			if b, err = hlscrypt.Decrypt(key, seg.IV, b); err != nil {
				return imageSource{}, fmt.Errorf("segment %s/%s: %w", r.Name, seg.Name, err)
			}
		}
		joined.Write(b)
	}
	p := path.Join(dir, name)
	if err := os.WriteFile(p, joined.Bytes(), 0o600); err != nil {
		return imageSource{}, err
	}
	return imageSource{path: p, offset: from - run[0].Start}, nil
}
