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
	"strconv"
	"strings"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/rendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/hlscrypt"
	"github.com/vidra-dev/vidra/internal/media"
)

// mediaSegment is one segment of a rendition's VOD playlist.
type mediaSegment struct {
	name       string
	start, dur float64
	// iv is the AES-128 IV of an encrypted segment; nil when it is clear.
	iv []byte
}

// parseMediaPlaylist reads the segments of a rendition's playlist with their
// start times and, for AES-128 renditions, each segment's IV (the EXT-X-KEY's
// IV attribute, else its media sequence number, as RFC 8216 5.2 says).
func parseMediaPlaylist(body string) ([]mediaSegment, error) {
	var (
		segs      []mediaSegment
		seq       int64
		dur, at   float64
		encrypted bool
		keyIV     []byte
	)
	for _, l := range strings.Split(body, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"):
			seq, _ = strconv.ParseInt(strings.TrimPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"), 10, 64)
		case strings.HasPrefix(l, "#EXT-X-KEY:"):
			attrs := strings.TrimPrefix(l, "#EXT-X-KEY:")
			encrypted = strings.Contains(attrs, "METHOD=AES-128")
			keyIV = nil
			if _, iv, ok := strings.Cut(attrs, "IV=0x"); ok {
				iv, _, _ = strings.Cut(iv, ",")
				b, err := hex.DecodeString(iv)
				if err != nil || len(b) != aes.BlockSize {
					return nil, fmt.Errorf("playlist key IV %q", iv)
				}
				keyIV = b
			}
		case strings.HasPrefix(l, "#EXTINF:"):
			v, _, _ := strings.Cut(strings.TrimPrefix(l, "#EXTINF:"), ",")
			dur, _ = strconv.ParseFloat(v, 64)
		case l != "" && !strings.HasPrefix(l, "#"):
			s := mediaSegment{name: path.Base(l), start: at, dur: dur}
			if encrypted {
				s.iv = keyIV
				if s.iv == nil {
					s.iv = hlscrypt.SequenceIV(uint64(seq))
				}
			}
			segs = append(segs, s)
			at += dur
			seq++
			dur = 0
		}
	}
	if len(segs) == 0 {
		return nil, errors.New("the rendition's playlist names no segment")
	}
	return segs, nil
}

// covering is the run of segments that holds [from, to] seconds; to == from
// asks for the one segment holding from.
func covering(segs []mediaSegment, from, to float64) []mediaSegment {
	first := sort.Search(len(segs), func(i int) bool { return segs[i].start+segs[i].dur > from })
	if first == len(segs) {
		first = len(segs) - 1
	}
	last := first
	for last+1 < len(segs) && segs[last+1].start < to {
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
	segs, err := parseMediaPlaylist(string(body))
	if err != nil {
		return imageSource{}, fmt.Errorf("rendition %s playlist: %w", r.Name, err)
	}
	from, to := float64(req.fromMs)/1000, float64(req.toMs)/1000
	if !req.animated {
		// The last frame starts before the end: a still at the very end is
		// taken a tenth of a second earlier.
		end := segs[len(segs)-1].start + segs[len(segs)-1].dur
		from = math.Max(0, math.Min(from, end-0.1))
		to = from
	}
	run := covering(segs, from, to)
	var key []byte
	if run[0].iv != nil {
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
		b, err := s.Bucket.ReadAll(ctx, hlsKey(v.ID, r.Name+"/"+seg.name))
		if err != nil {
			return imageSource{}, fmt.Errorf("segment %s/%s: %w", r.Name, seg.name, err)
		}
		if seg.iv != nil {
			if b, err = hlscrypt.Decrypt(key, seg.iv, b); err != nil {
				return imageSource{}, fmt.Errorf("segment %s/%s: %w", r.Name, seg.name, err)
			}
		}
		joined.Write(b)
	}
	p := path.Join(dir, name)
	if err := os.WriteFile(p, joined.Bytes(), 0o600); err != nil {
		return imageSource{}, err
	}
	return imageSource{path: p, offset: from - run[0].start}, nil
}
