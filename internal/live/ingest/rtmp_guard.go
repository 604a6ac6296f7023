package ingest

import (
	"encoding/binary"
	"errors"
	"io"
	"sync/atomic"
)

// preAuthBudget is what an RTMP client may send after the handshake before its
// stream key has been checked. Its connect, createStream and publish commands
// take a few hundred bytes each.
const preAuthBudget = 32 << 10

// rtmpHandshakeSize is what a client sends in the plain RTMP handshake: C0 (the
// version), C1 and C2.
const rtmpHandshakeSize = 1 + 1536 + 1536

// rtmpHeaderSizes are the sizes of a chunk's message header by its format
// (RTMP 5.3.1.2), before an extended timestamp.
var rtmpHeaderSizes = [4]int{11, 7, 3, 0}

// Message types the guard looks at.
const (
	rtmpTypeSetChunkSize = 1
	rtmpTypeAbort        = 2
)

// Refusals of the pre-authentication guard.
var (
	errPreAuthEncrypted = errors.New("rtmp: the encrypted handshake (RTMPE) is not offered; use RTMPS")
	errPreAuthTooMuch   = errors.New("rtmp: more data announced or sent than allowed before the stream key is checked")
	errPreAuthChunking  = errors.New("rtmp: malformed chunk stream before the stream key is checked")
)

// preAuthGuard reads an RTMP connection for the RTMP library until the
// publisher's key has been admitted, and follows its chunk stream (RTMP 5.3)
// as the library will: the library allocates a chunk's whole body as soon as
// it has read the chunk's header (up to the client's chunk size, which the
// client sets, up to 10 MiB), whether the body ever comes or not. The guard
// refuses a chunk whose body would not fit in what is left of preAuthBudget
// before the library sees its header, so an unauthenticated connection costs
// memory in proportion to what it actually sent, and never more than the
// budget. Once opened (the key is admitted) it only passes the bytes through.
//
// Read is called by one goroutine at a time (the library's reader).
type preAuthGuard struct {
	r      io.Reader
	opened atomic.Bool
	err    error

	// handshake is how many handshake bytes are still to come.
	handshake int
	// budget is how many bytes the client may still send.
	budget int
	// chunkSize is the client's chunk size, as the library applies it.
	chunkSize uint32
	streams   map[byte]*guardStream

	// The chunk being read: its stream and format, its header bytes, how
	// many header bytes are still needed, and the chunk body bytes still to come.
	cur      *guardStream
	format   byte
	header   [11]byte
	have     int
	need     int
	extended bool // the extended timestamp is being read
	inBody   bool
	bodyLeft uint32
}

// guardStream is what the guard knows of one chunk stream.
type guardStream struct {
	// known: a format 0 chunk has set the stream's message header.
	known bool
	// msgLen and typ are the current message's length and type.
	msgLen uint32
	typ    byte
	// left is what the message in progress still has to receive (0: none
	// in progress).
	left uint32
	// ext: its chunks carry an extended timestamp.
	ext bool
	// ctl collects the body of a set-chunk-size message.
	ctl []byte
}

// newPreAuthGuard guards r from its first byte (the handshake's C0).
func newPreAuthGuard(r io.Reader) *preAuthGuard {
	return &preAuthGuard{r: r, handshake: rtmpHandshakeSize, budget: preAuthBudget, chunkSize: 128, streams: map[byte]*guardStream{}}
}

// open lets the rest of the connection through unchecked.
func (g *preAuthGuard) open() { g.opened.Store(true) }

// Read reads from the connection and checks what it read.
func (g *preAuthGuard) Read(p []byte) (int, error) {
	if g.opened.Load() {
		return g.r.Read(p)
	}
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	if cerr := g.check(p[:n]); cerr != nil {
		g.err = cerr
		return 0, cerr
	}
	return n, err
}

// check follows b, the next bytes of the connection.
func (g *preAuthGuard) check(b []byte) error {
	if g.handshake > 0 {
		if g.handshake == rtmpHandshakeSize && len(b) > 0 && b[0] != 3 {
			return errPreAuthEncrypted // version 6; other versions the library refuses
		}
		k := min(g.handshake, len(b))
		g.handshake -= k
		b = b[k:]
	}
	if len(b) > g.budget {
		return errPreAuthTooMuch
	}
	g.budget -= len(b)
	for len(b) > 0 {
		var err error
		switch {
		case g.inBody:
			b, err = g.body(b)
		case g.need > 0:
			b, err = g.headerBytes(b)
		default:
			err = g.basicHeader(b[0])
			b = b[1:]
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// basicHeader starts a chunk.
func (g *preAuthGuard) basicHeader(c byte) error {
	id := c & 0x3f
	if id < 2 {
		return errPreAuthChunking // 2- and 3-byte basic headers: the library refuses them too
	}
	st := g.streams[id]
	if st == nil {
		st = &guardStream{}
		g.streams[id] = st
	}
	g.cur, g.format, g.have, g.extended = st, c>>6, 0, false
	g.need = rtmpHeaderSizes[g.format]
	if g.format == 3 && st.ext {
		g.need, g.extended = 4, true
	}
	if g.need == 0 {
		return g.startBody()
	}
	return nil
}

// headerBytes collects the chunk's message header and extended timestamp.
func (g *preAuthGuard) headerBytes(b []byte) ([]byte, error) {
	k := min(g.need, len(b))
	if !g.extended {
		copy(g.header[g.have:], b[:k])
		g.have += k
	}
	g.need -= k
	b = b[k:]
	if g.need > 0 {
		return b, nil
	}
	if g.extended {
		return b, g.startBody()
	}
	if err := g.messageHeader(); err != nil {
		return b, err
	}
	if g.cur.ext {
		g.need, g.extended = 4, true
		return b, nil
	}
	return b, g.startBody()
}

// messageHeader applies a format 0, 1 or 2 header to the chunk's stream.
func (g *preAuthGuard) messageHeader() error {
	st, h := g.cur, g.header
	if st.left != 0 || (g.format != 0 && !st.known) {
		return errPreAuthChunking // the library refuses these too
	}
	st.known = true
	st.ext = uint32(h[0])<<16|uint32(h[1])<<8|uint32(h[2]) == 0xffffff
	if g.format <= 1 {
		st.msgLen = uint32(h[3])<<16 | uint32(h[4])<<8 | uint32(h[5])
		st.typ = h[6]
	}
	st.left = st.msgLen
	return nil
}

// startBody checks the size of the chunk's body, which the library is about
// to allocate.
func (g *preAuthGuard) startBody() error {
	st := g.cur
	if g.format == 3 && st.left == 0 {
		if !st.known {
			return errPreAuthChunking
		}
		st.left = st.msgLen // a new message like the previous one
	}
	size := min(st.left, g.chunkSize)
	if int64(size) > int64(g.budget) {
		return errPreAuthTooMuch
	}
	g.bodyLeft, g.inBody = size, true
	if size == 0 {
		return g.endChunk()
	}
	return nil
}

// body reads chunk body bytes.
func (g *preAuthGuard) body(b []byte) ([]byte, error) {
	st := g.cur
	k := min(int(g.bodyLeft), len(b))
	if st.typ == rtmpTypeSetChunkSize && len(st.ctl) < 4 {
		st.ctl = append(st.ctl, b[:min(k, 4-len(st.ctl))]...)
	}
	g.bodyLeft -= uint32(k)
	st.left -= uint32(k)
	if g.bodyLeft == 0 {
		return b[k:], g.endChunk()
	}
	return b[k:], nil
}

// endChunk ends a chunk, and applies a complete set-chunk-size message.
func (g *preAuthGuard) endChunk() error {
	g.inBody = false
	st := g.cur
	if st.left != 0 {
		return nil
	}
	switch st.typ {
	case rtmpTypeAbort:
		return errPreAuthChunking // no client aborts a message before publishing
	case rtmpTypeSetChunkSize:
		if len(st.ctl) == 4 {
			g.chunkSize = binary.BigEndian.Uint32(st.ctl)
		}
		st.ctl = st.ctl[:0]
		if g.chunkSize == 0 {
			return errPreAuthChunking
		}
	}
	return nil
}
