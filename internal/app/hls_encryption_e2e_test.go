package app_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/hex"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
)

// keyIV is the IV attribute of an EXT-X-KEY tag.
var keyIV = regexp.MustCompile(`^#EXT-X-KEY:METHOD=AES-128,.*IV=0x([0-9a-fA-F]{32})`)

// segmentIVs reads a rendition playlist and returns each segment's URI with the IV
// that applies to it (the tag's IV, or the media sequence number when it has none).
func segmentIVs(t *testing.T, playlist string) ([]string, []string) {
	t.Helper()
	var segs, ivs []string
	iv := ""
	for _, line := range strings.Split(playlist, "\n") {
		switch {
		case strings.HasPrefix(line, "#EXT-X-KEY:"):
			m := keyIV.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("key tag without an IV: %s", line)
			}
			iv = strings.ToLower(m[1])
		case line != "" && !strings.HasPrefix(line, "#"):
			if iv == "" {
				t.Fatalf("segment %s before any key tag", line)
			}
			segs, ivs = append(segs, line), append(ivs, iv)
		}
	}
	return segs, ivs
}

// TestEncryptedHLSHasAnIVPerSegment: with player_encryption, every segment of
// every rendition has its own IV, written in the playlist, and a segment
// decrypts with the video's key and that IV into MPEG-TS.
func TestEncryptedHLSHasAnIVPerSegment(t *testing.T) {
	data, _ := os.ReadFile(clip.Make(t, 9, 854, 480, 25))
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		videoID, v := encryptedVideo(t, s, data, 3*time.Minute)
		if len(v.Renditions) < 2 {
			t.Fatalf("renditions %+v, want two", v.Renditions)
		}
		pt, _ := playbackToken(s, videoID)
		base := "/v1/play/" + videoID + "/"
		st, key := s.Get(base + "key?token=" + pt)
		if st != http.StatusOK || len(key) != 16 {
			t.Fatalf("key = %d, %d bytes", st, len(key))
		}
		seen := map[string]string{}
		for _, r := range v.Renditions {
			st, pl := s.Get(base + r.Name + "/index.m3u8?token=" + pt)
			if st != http.StatusOK {
				t.Fatalf("%s playlist = %d", r.Name, st)
			}
			segs, ivs := segmentIVs(t, string(pl))
			if len(segs) < 3 {
				t.Fatalf("%s has %d segments, want several:\n%s", r.Name, len(segs), pl)
			}
			for i, iv := range ivs {
				where := r.Name + "/" + segs[i]
				if prev, ok := seen[iv]; ok {
					t.Errorf("IV %s is shared by %s and %s", iv, prev, where)
				}
				seen[iv] = where
			}
			// The last segment (its IV is not the first's) decrypts with the key and its IV.
			last := len(segs) - 1
			st, enc := s.Get(base + r.Name + "/" + segs[last])
			if st != http.StatusOK {
				t.Fatalf("%s = %d", segs[last], st)
			}
			plain := decryptSegment(t, key, ivs[last], enc)
			if len(plain) < 3*188 || plain[0] != 0x47 || plain[188] != 0x47 || plain[376] != 0x47 {
				t.Errorf("%s/%s does not decrypt to MPEG-TS with its IV", r.Name, segs[last])
			}
		}
	})
}

// decryptSegment undoes AES-128-CBC with PKCS#7 padding, as an HLS player does.
func decryptSegment(t *testing.T, key []byte, ivHex string, enc []byte) []byte {
	t.Helper()
	iv, err := hex.DecodeString(ivHex)
	if err != nil || len(enc) == 0 || len(enc)%aes.BlockSize != 0 {
		t.Fatalf("IV %q, segment of %d bytes", ivHex, len(enc))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	plain := make([]byte, len(enc))
	cipher.NewCBCDecrypter(block, iv).CryptBlocks(plain, enc)
	pad := int(plain[len(plain)-1])
	if pad < 1 || pad > aes.BlockSize || !bytes.Equal(plain[len(plain)-pad:], bytes.Repeat([]byte{byte(pad)}, pad)) {
		t.Fatalf("bad padding: the IV or key is wrong")
	}
	return plain[:len(plain)-pad]
}
