package livehls_test

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/live/livehls"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// tsPublisher returns a small H.264+AAC MPEG-TS of the given seconds: sent
// at its native rate when realtime (copied from a file encoded beforehand,
// clip.Realtime), else read from that file as fast as the reader goes.
func tsPublisher(t *testing.T, seconds int, realtime bool) io.ReadCloser {
	t.Helper()
	if _, err := exec.LookPath("ffprobe"); err != nil {
		t.Skip("ffprobe not installed")
	}
	path := clip.TS(t, seconds, 192, 108, 30, 30)
	if realtime {
		return clip.Realtime(t, path)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f
}

// get fetches a URL and returns status, Cache-Control and body.
func get(t *testing.T, s *apptest.Server, url string) (int, string, string) {
	t.Helper()
	res, err := s.Client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Cache-Control"), string(body)
}

// probeDuration is ffprobe's duration of a URL, with its stream codecs.
func probeDuration(t *testing.T, url string) (float64, string) {
	t.Helper()
	out, err := exec.Command("nice", "-n", "19", "ffprobe", "-v", "error", "-show_entries",
		"stream=codec_name:format=duration", "-of", "json", url).CombinedOutput()
	if err != nil {
		t.Fatalf("ffprobe %s: %v: %s", url, err, out)
	}
	var p struct {
		Streams []struct {
			CodecName string `json:"codec_name"`
		} `json:"streams"`
		Format struct{ Duration string } `json:"format"`
	}
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatal(err)
	}
	// The codecs as a set, sorted: a master's streams are listed per variant
	// and per rendition group, and a recording's master becomes the CMAF VOD
	// master (a sound group beside the picture) once its processing publishes.
	var codecs []string
	for _, s := range p.Streams {
		if !slices.Contains(codecs, s.CodecName) {
			codecs = append(codecs, s.CodecName)
		}
	}
	slices.Sort(codecs)
	d, _ := strconv.ParseFloat(p.Format.Duration, 64)
	return d, strings.Join(codecs, ",")
}

// liveVideo makes a project and a video in status live, as the ingest does for
// a new session, and returns the session's options.
func liveVideo(t *testing.T, s *apptest.Server) livehls.Options {
	t.Helper()
	org := s.CreateOrganization("Live org")
	project := s.CreateProject(org, "Live")
	vid := uuid.MustParse(s.CreateVideo(project, "", "Live session"))
	ctx := apptest.System()
	if err := s.App.DB.Client.Video.UpdateOneID(vid).SetStatus(video.StatusLive).Exec(videolifecycle.ForTest(ctx)); err != nil {
		t.Fatal(err)
	}
	key := livekey.New()
	stream := s.App.DB.Client.LiveStream.Create().SetProjectID(uuid.MustParse(project)).SetName("Live").
		SetKeyHash(livekey.Hash(key)).SetKeyLast4(livekey.Last4(key)).SaveX(ctx)
	o := s.App.LiveHLSOptions()
	o.ProjectID, o.VideoID = uuid.MustParse(project), vid
	o.StreamID, o.SessionID = stream.ID, uuid.New()
	o.Record = true
	return o
}

// TestLivePlaybackAndRecording publishes into a session of a real server: the
// live stream plays through /v1/play while it runs (playlists no-cache,
// segments immutable), livestream.active is recorded, Close makes it a VOD at
// once, and the finalize job hands the recording to the VOD pipeline, which
// makes the video ready with livestream.recording.ready recorded.
func TestLivePlaybackAndRecording(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		o := liveVideo(t, s)
		sess, err := livehls.Open(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		play := s.URL + "/v1/play/" + o.VideoID.String() + "/"
		done := make(chan error, 1)
		go func() { done <- sess.Run(context.Background(), tsPublisher(t, 6, true)) }()
		select {
		case <-sess.FirstSegment():
		case <-time.After(60 * time.Second):
			t.Fatal("no first segment within 60 s")
		}
		code, cache, master := get(t, s, play+"master.m3u8")
		if code != http.StatusOK || cache != "no-cache" || !strings.Contains(master, "live/index.m3u8") {
			t.Fatalf("live master: %d %q\n%s", code, cache, master)
		}
		code, cache, pl := get(t, s, play+"live/index.m3u8")
		if code != http.StatusOK || cache != "no-cache" || !strings.Contains(pl, "seg_00000.ts") || strings.Contains(pl, "ENDLIST") {
			t.Fatalf("live playlist: %d %q\n%s", code, cache, pl)
		}
		code, cache, _ = get(t, s, play+"live/seg_00000.ts")
		if code != http.StatusOK || !strings.Contains(cache, "immutable") {
			t.Fatalf("segment: %d %q", code, cache)
		}
		if code, _, _ := get(t, s, play+"live/key"); code != http.StatusUnauthorized {
			t.Fatalf("key of an unencrypted session without a token: %d, want 401", code)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if err := sess.Close(context.Background(), "publisher_closed"); err != nil {
			t.Fatal(err)
		}
		// VOD at once: the master names the whole recording, which plays.
		_, _, master = get(t, s, play+"master.m3u8")
		if !strings.Contains(master, "live/recording.m3u8") {
			t.Fatalf("master after Close:\n%s", master)
		}
		if d, codecs := probeDuration(t, play+"master.m3u8"); d < 5.5 || codecs != "aac,h264" {
			t.Fatalf("recording right after Close: %.2f s %s", d, codecs)
		}
		ctx := apptest.System()
		if n := s.App.DB.Client.Event.Query().Where(event.Type(livehls.EventActive)).CountX(ctx); n != 1 {
			t.Fatalf("%d livestream.active events, want 1", n)
		}
		// The finalize job and the VOD pipeline make it a ready video.
		if v := waitSettled(t, s, o.VideoID); v.Duration < 5.5 || v.SourceKey == "" {
			t.Fatalf("ready video: duration %.2f, source %q", v.Duration, v.SourceKey)
		}
		if n := s.App.DB.Client.Event.Query().Where(event.Type(livehls.EventRecordingReady)).CountX(ctx); n != 1 {
			t.Fatalf("%d livestream.recording.ready events, want 1", n)
		}
		_, _, master = get(t, s, play+"master.m3u8")
		if strings.Contains(master, "live/") {
			t.Fatalf("the ready video's master still names the live stream:\n%s", master)
		}
		if d, _ := probeDuration(t, play+"master.m3u8"); d < 5.5 {
			t.Fatalf("ready video plays %.2f s", d)
		}
	})
}

// TestLowLatencyBlockingReload: in the low mode a playlist request for a part
// not written yet is held until the part is listed; malformed directives are
// refused.
func TestLowLatencyBlockingReload(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		o := liveVideo(t, s)
		o.LatencyMode = livehls.LatencyLow
		sess, err := livehls.Open(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- sess.Run(context.Background(), tsPublisher(t, 6, true)) }()
		select {
		case <-sess.FirstSegment():
		case <-time.After(60 * time.Second):
			t.Fatal("no first segment within 60 s")
		}
		pl := s.URL + "/v1/play/" + o.VideoID.String() + "/live/index.m3u8"
		if code, _, _ := get(t, s, pl+"?_HLS_part=1"); code != http.StatusBadRequest {
			t.Fatalf("_HLS_part alone: %d", code)
		}
		if code, _, _ := get(t, s, pl+"?_HLS_msn=x"); code != http.StatusBadRequest {
			t.Fatalf("malformed _HLS_msn: %d", code)
		}
		// Ask for part 2 of segment 2, which is at least 0.5 s away.
		code, _, body := get(t, s, pl+"?_HLS_msn=2&_HLS_part=2")
		if code != http.StatusOK || !strings.Contains(body, `URI="part_00002_2.ts"`) && !strings.Contains(body, "seg_00002.ts") {
			t.Fatalf("blocking reload: %d\n%s", code, body)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if err := sess.Close(context.Background(), "publisher_closed"); err != nil {
			t.Fatal(err)
		}
	})
}

// TestEncryptedLiveSession: with player_encryption the session's segments are
// AES-128 encrypted under a key of its own, served only with a token; a
// signed-only project refuses untokened live files; a player
// with a token plays the live stream and the recording, and the finalize job
// decrypts the recording into the video's source.
func TestEncryptedLiveSession(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		o := liveVideo(t, s)
		s.MustGraphQL(`mutation($p: ID!, $in: [ProjectSettingInput!]!) { upsertProjectSettings(projectID: $p, input: $in) { key } }`,
			map[string]any{"p": o.ProjectID.String(), "in": []any{map[string]any{"key": "transcoding", "value": `{"player_encryption": true}`}}}, nil)
		var tok struct{ CreatePlaybackToken struct{ Token string } }
		s.MustGraphQL(`mutation($v: ID!) { createPlaybackToken(videoID: $v) { token } }`, map[string]any{"v": o.VideoID.String()}, &tok)
		token := tok.CreatePlaybackToken.Token
		sess, err := livehls.Open(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if err := sess.Run(context.Background(), tsPublisher(t, 4, false)); err != nil {
			t.Fatal(err)
		}
		play := s.URL + "/v1/play/" + o.VideoID.String() + "/"
		_, _, pl := get(t, s, play+"live/index.m3u8?token="+token)
		if !strings.Contains(pl, `#EXT-X-KEY:METHOD=AES-128,URI="key?token=`) {
			t.Fatalf("playlist of an encrypted session:\n%s", pl)
		}
		if code, _, _ := get(t, s, play+"live/key"); code != http.StatusUnauthorized {
			t.Fatalf("key without a token: %d, want 401", code)
		}
		// The project's access control applies to live files as to VOD: signed
		// only refuses an untokened playlist and segment.
		s.MustGraphQL(`mutation($p: ID!) { putAccessControl(projectID: $p, input: {playback: signed}) { id } }`,
			map[string]any{"p": o.ProjectID.String()}, nil)
		for _, f := range []string{"master.m3u8", "live/index.m3u8", "live/seg_00000.ts"} {
			if code, _, _ := get(t, s, play+f); code != http.StatusUnauthorized {
				t.Fatalf("untokened %s of a signed-only project: %d, want 401", f, code)
			}
			if code, _, _ := get(t, s, play+f+"?token="+token); code != http.StatusOK {
				t.Fatalf("tokened %s: %d", f, code)
			}
		}
		if code, cache, key := get(t, s, play+"live/key?token="+token); code != http.StatusOK || len(key) != 16 || cache != "private, no-store" {
			t.Fatalf("key with a token: %d %q %d bytes", code, cache, len(key))
		}
		_, _, seg := get(t, s, play+"live/seg_00000.ts?token="+token)
		if !looksEncrypted(seg) {
			t.Fatal("segment 0 is not encrypted")
		}
		if err := sess.Close(context.Background(), "publisher_closed"); err != nil {
			t.Fatal(err)
		}
		if d, codecs := probeDuration(t, play+"master.m3u8?token="+token); d < 3.5 || codecs != "aac,h264" {
			t.Fatalf("encrypted recording with a token: %.2f s %s", d, codecs)
		}
		if v := waitSettled(t, s, o.VideoID); v.Duration < 3.5 {
			t.Fatalf("ready video lasts %.2f s", v.Duration)
		}
	})
}

// TestEncryptedLowLatencyParts: an encrypted session in the low latency mode
// keeps its LL-HLS parts; each part is an AES-128 resource of its own under
// the parent segment's IV (as hls.js decrypts parts), which ffprobe decrypts
// and reads, and the decrypted parts of a segment join to the decrypted
// segment.
func TestEncryptedLowLatencyParts(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		o := liveVideo(t, s)
		o.LatencyMode = livehls.LatencyLow
		s.MustGraphQL(`mutation($p: ID!, $in: [ProjectSettingInput!]!) { upsertProjectSettings(projectID: $p, input: $in) { key } }`,
			map[string]any{"p": o.ProjectID.String(), "in": []any{map[string]any{"key": "transcoding", "value": `{"player_encryption": true}`}}}, nil)
		var tok struct{ CreatePlaybackToken struct{ Token string } }
		s.MustGraphQL(`mutation($v: ID!) { createPlaybackToken(videoID: $v) { token } }`, map[string]any{"v": o.VideoID.String()}, &tok)
		token := tok.CreatePlaybackToken.Token
		sess, err := livehls.Open(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if err := sess.Run(context.Background(), tsPublisher(t, 5, false)); err != nil {
			t.Fatal(err)
		}
		play := s.URL + "/v1/play/" + o.VideoID.String() + "/"
		_, _, pl := get(t, s, play+"live/index.m3u8?token="+token)
		for _, want := range []string{`#EXT-X-KEY:METHOD=AES-128,URI="key?token=`, "#EXT-X-PART-INF:PART-TARGET=0.500", `#EXT-X-PART:DURATION=0.500,URI="part_00001_0.ts`} {
			if !strings.Contains(pl, want) {
				t.Fatalf("encrypted low latency playlist lacks %q:\n%s", want, pl)
			}
		}
		code, _, key := get(t, s, play+"live/key?token="+token)
		if code != http.StatusOK || len(key) != 16 {
			t.Fatalf("key: %d, %d bytes", code, len(key))
		}
		dir := t.TempDir()
		keyHex := hex.EncodeToString([]byte(key))
		iv := "00000000000000000000000000000001" // segment 1's media sequence number
		// probeEncrypted has ffprobe decrypt a file (ffmpeg's crypto protocol,
		// segment 1's IV) and returns its codecs.
		probeEncrypted := func(name, data string) string {
			t.Helper()
			if !looksEncrypted(data) {
				t.Fatalf("%s is not encrypted (%d bytes)", name, len(data))
			}
			enc := filepath.Join(dir, name)
			if err := os.WriteFile(enc, []byte(data), 0o600); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("nice", "-n", "19", "ffprobe", "-v", "error", "-key", keyHex, "-iv", iv,
				"-show_entries", "stream=codec_name", "-of", "csv=p=0", "crypto:"+enc).CombinedOutput()
			if err != nil {
				t.Fatalf("ffprobe cannot read %s decrypted: %v: %s", name, err, out)
			}
			// The streams are listed under the program and again alone.
			var codecs []string
			for _, c := range strings.Fields(string(out)) {
				if !slices.Contains(codecs, c) {
					codecs = append(codecs, c)
				}
			}
			return strings.Join(codecs, ",")
		}
		// Each part of segment 1 decrypts alone under the segment's IV; the
		// first plays on its own; the plain parts joined are the plain segment.
		var joined []byte
		for i := 0; ; i++ {
			name := "part_00001_" + strconv.Itoa(i) + ".ts"
			code, _, data := get(t, s, play+"live/"+name+"?token="+token)
			if code == http.StatusNotFound {
				if i != 4 {
					t.Fatalf("segment 1 has %d parts, want 4", i)
				}
				break
			}
			if code != http.StatusOK {
				t.Fatalf("%s: %d", name, code)
			}
			if i == 0 {
				// The independent part starts with the program tables: it
				// plays on its own.
				if codecs := probeEncrypted(name, data); codecs != "h264,aac" {
					t.Fatalf("%s decrypted by ffprobe: %q", name, codecs)
				}
			}
			plain, err := aesCBCDecrypt([]byte(key), 1, []byte(data))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if plain[0] != 0x47 {
				t.Fatalf("%s does not decrypt to MPEG-TS", name)
			}
			joined = append(joined, plain...)
		}
		_, _, seg := get(t, s, play+"live/seg_00001.ts?token="+token)
		if codecs := probeEncrypted("seg_00001.ts", seg); codecs != "h264,aac" {
			t.Fatalf("segment 1 decrypted by ffprobe: %q", codecs)
		}
		plainSeg, err := aesCBCDecrypt([]byte(key), 1, []byte(seg))
		if err != nil || !bytes.Equal(plainSeg, joined) {
			t.Fatalf("decrypted segment 1 (%d bytes, %v) is not its decrypted parts joined (%d bytes)", len(plainSeg), err, len(joined))
		}
		if err := sess.Close(context.Background(), "publisher_closed"); err != nil {
			t.Fatal(err)
		}
		if d, codecs := probeDuration(t, play+"master.m3u8?token="+token); d < 4.5 || codecs != "aac,h264" {
			t.Fatalf("encrypted low latency recording: %.2f s %s", d, codecs)
		}
	})
}

// aesCBCDecrypt decrypts one AES-128 HLS resource whose IV is the media
// sequence number seq (PKCS#7 padding), as a player does.
// looksEncrypted reports whether data is a whole number of AES blocks and
// not plain MPEG-TS. A plain stream is whole 188-byte packets, each opening
// with the sync byte 0x47; ciphertext opens with 0x47 one time in 256, so
// the first byte alone would not tell (CI saw it once).
func looksEncrypted(data string) bool {
	if len(data) == 0 || len(data)%aes.BlockSize != 0 {
		return false
	}
	if len(data)%188 != 0 {
		return true
	}
	for i := 0; i < len(data); i += 188 {
		if data[i] != 0x47 {
			return true
		}
	}
	return false
}

func aesCBCDecrypt(key []byte, seq uint64, data []byte) ([]byte, error) {
	if len(data) == 0 || len(data)%aes.BlockSize != 0 {
		return nil, fmt.Errorf("%d bytes is not a whole number of blocks", len(data))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	iv := make([]byte, aes.BlockSize)
	binary.BigEndian.PutUint64(iv[8:], seq)
	out := make([]byte, len(data))
	cipher.NewCBCDecrypter(block, iv).CryptBlocks(out, data)
	pad := int(out[len(out)-1])
	if pad == 0 || pad > aes.BlockSize {
		return nil, fmt.Errorf("bad padding %d", pad)
	}
	return out[:len(out)-pad], nil
}

// waitSettled waits (up to 3 minutes) until the video made of a live session
// is ready, and returns it; it fails the test when the video failed instead.
func waitSettled(t *testing.T, s *apptest.Server, id uuid.UUID) *ent.Video {
	t.Helper()
	var v *ent.Video
	poll.Every(200*time.Millisecond, 3*time.Minute, func() bool {
		v = s.App.DB.Client.Video.GetX(apptest.System(), id)
		return v.Status == video.StatusReady || v.Status == video.StatusFailed
	})
	if v.Status != video.StatusReady {
		t.Fatalf("video status %s (%s)", v.Status, v.FailureReason)
	}
	return v
}
