package ingest_test

import (
	"crypto/sha256"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bluenviron/gortmplib"
	"github.com/bluenviron/gortmplib/pkg/codecs"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
)

// rtmpTarget is a simulcast destination for the tests: a real RTMP server on
// a loopback port that takes publishers with its key (others are refused: the
// socket closes after the handshake) and keeps what they send, as a video
// service receiving a restream would.
type rtmpTarget struct {
	ln  net.Listener
	key string

	mu sync.Mutex
	// slices are the hashes of each received H.264 access unit's slice NALUs,
	// in order (parameter sets and SEI left out).
	slices      [][32]byte
	audioFrames int
	videoCodec  string
	audioCodec  string
	refused     int
	// accepted counts the TCP connections the target accepted.
	accepted int
	wg       sync.WaitGroup
}

// startRTMPTarget listens on 127.0.0.1:0 for publishers with key.
func startRTMPTarget(t *testing.T, key string) *rtmpTarget {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	tg := &rtmpTarget{ln: ln, key: key}
	tg.wg.Add(1)
	go func() {
		defer tg.wg.Done()
		for {
			nc, err := ln.Accept()
			if err != nil {
				return
			}
			tg.mu.Lock()
			tg.accepted++
			tg.mu.Unlock()
			tg.wg.Add(1)
			go func() {
				defer tg.wg.Done()
				defer func() { _ = nc.Close() }()
				tg.serve(nc)
			}()
		}
	}()
	t.Cleanup(func() {
		_ = ln.Close()
		tg.wg.Wait()
	})
	return tg
}

// url is the target's rtmp:// address (the key goes apart).
func (tg *rtmpTarget) url() string { return "rtmp://" + tg.ln.Addr().String() + "/app" }

// serve takes one publisher and records its media until it leaves.
func (tg *rtmpTarget) serve(nc net.Conn) {
	_ = nc.SetDeadline(time.Now().Add(30 * time.Second))
	sc := &gortmplib.ServerConn{RW: nc}
	if err := sc.Initialize(); err != nil {
		return
	}
	if err := sc.Accept(); err != nil {
		return
	}
	if !sc.Publish || !strings.HasSuffix(sc.URL.Path, "/"+tg.key) {
		tg.mu.Lock()
		tg.refused++
		tg.mu.Unlock()
		return
	}
	r := &gortmplib.Reader{Conn: sc}
	if err := r.Initialize(); err != nil {
		return
	}
	for _, tr := range r.Tracks() {
		switch c := tr.Codec.(type) {
		case *codecs.H264:
			tg.mu.Lock()
			tg.videoCodec = "h264"
			tg.mu.Unlock()
			r.OnDataH264(tr, func(_, _ time.Duration, au [][]byte) {
				sum, ok := sliceHash(au)
				if !ok {
					return // parameter sets alone, no picture
				}
				tg.mu.Lock()
				tg.slices = append(tg.slices, sum)
				tg.mu.Unlock()
			})
		case *codecs.MPEG4Audio:
			_ = c
			tg.mu.Lock()
			tg.audioCodec = "aac"
			tg.mu.Unlock()
			r.OnDataMPEG4Audio(tr, func(time.Duration, []byte) {
				tg.mu.Lock()
				tg.audioFrames++
				tg.mu.Unlock()
			})
		}
	}
	for {
		_ = nc.SetDeadline(time.Now().Add(30 * time.Second))
		if err := r.Read(); err != nil {
			return
		}
	}
}

// received is a copy of what the target got.
func (tg *rtmpTarget) received() (slices [][32]byte, audio int, video, audioCodec string, refused int) {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	return append([][32]byte(nil), tg.slices...), tg.audioFrames, tg.videoCodec, tg.audioCodec, tg.refused
}

// sliceHash hashes the coded slices of an H.264 access unit: equal hashes mean
// the same compressed picture, byte for byte. ok is false for an access unit
// without a picture.
func sliceHash(au [][]byte) (sum [32]byte, ok bool) {
	h := sha256.New()
	for _, n := range au {
		if len(n) == 0 {
			continue
		}
		switch h264.NALUType(n[0] & 0x1f) {
		case h264.NALUTypeNonIDR, h264.NALUTypeIDR:
			h.Write(n)
			ok = true
		}
	}
	copy(sum[:], h.Sum(nil))
	return sum, ok
}

// connections is how many TCP connections the target accepted.
func (tg *rtmpTarget) connections() int {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	return tg.accepted
}
