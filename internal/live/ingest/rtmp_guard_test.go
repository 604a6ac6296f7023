package ingest

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"
)

// guardChunk0 is a format 0 chunk header on chunk stream csid announcing a
// message of msgLen bytes of type typ, followed by body.
func guardChunk0(csid, typ byte, msgLen uint32, body []byte) []byte {
	b := []byte{csid, 0, 0, 0, byte(msgLen >> 16), byte(msgLen >> 8), byte(msgLen), typ, 0, 0, 0, 0}
	return append(b, body...)
}

// readAll reads stream through a fresh guard in pieces of n bytes.
func readAll(stream []byte, n int) error {
	g := newPreAuthGuard(bytes.NewReader(stream))
	buf := make([]byte, n)
	for {
		_, err := g.Read(buf)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// TestPreAuthGuard: a client may set a large chunk size and send small
// commands, in one chunk or split over several, whatever the read sizes; a
// chunk announcing more than the budget, too much data, RTMPE and an abort
// are refused.
func TestPreAuthGuard(t *testing.T) {
	handshake := append([]byte{3}, make([]byte, rtmpHandshakeSize-1)...)
	size := func(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }
	command := bytes.Repeat([]byte{'x'}, 300)
	split := guardChunk0(3, 20, 300, command[:128])
	split = append(split, 0xc3)
	split = append(split, command[128:256]...)
	split = append(split, 0xc3)
	split = append(split, command[256:]...)
	for name, tc := range map[string]struct {
		stream []byte
		want   error
	}{
		"large chunk size, small command": {cat(handshake, guardChunk0(2, 1, 4, size(10<<20)), guardChunk0(3, 20, 300, command)), nil},
		"command over three chunks":       {cat(handshake, split, guardChunk0(3, 20, 300, command[:128])[:12]), nil},
		"announced 10 MiB":                {cat(handshake, guardChunk0(2, 1, 4, size(10<<20)), guardChunk0(3, 20, 10<<20, nil)), errPreAuthTooMuch},
		"sent more than the budget":       {cat(handshake, bytes.Repeat(split, preAuthBudget/len(split)+1)), errPreAuthTooMuch},
		"encrypted handshake":             {append([]byte{6}, make([]byte, 1536)...), errPreAuthEncrypted},
		"abort":                           {cat(handshake, guardChunk0(2, 2, 4, size(3))), errPreAuthChunking},
		"continuation of nothing":         {cat(handshake, []byte{0xc4}), errPreAuthChunking},
	} {
		for _, n := range []int{1, 7, 4096} {
			if err := readAll(tc.stream, n); !errors.Is(err, tc.want) || (tc.want == nil && err != nil) {
				t.Errorf("%s, reads of %d: %v, want %v", name, n, err, tc.want)
			}
		}
	}
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
