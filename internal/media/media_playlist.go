package media

import (
	"crypto/aes"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/vidra-dev/vidra/internal/hlscrypt"
)

// PlaylistSegment is one segment of a rendition's VOD playlist.
type PlaylistSegment struct {
	// Name is the segment's file name (the last element of its URI).
	Name string
	// Start is its start in the playlist's time, Duration its EXTINF.
	Start, Duration float64
	// IV is the AES-128 IV of an encrypted segment; nil when it is clear.
	IV []byte
}

// ParseMediaPlaylist reads the segments of a rendition's playlist with their
// start times and, for AES-128 renditions, each segment's IV (the EXT-X-KEY's
// IV attribute, else its media sequence number, as RFC 8216 5.2 says).
func ParseMediaPlaylist(body string) ([]PlaylistSegment, error) {
	var (
		segs      []PlaylistSegment
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
			s := PlaylistSegment{Name: path.Base(l), Start: at, Duration: dur}
			if encrypted {
				s.IV = keyIV
				if s.IV == nil {
					s.IV = hlscrypt.SequenceIV(uint64(seq))
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
