package ingest

import (
	"io"
	"sync"
	"sync/atomic"
	"time"

	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"
)

// Protocols a publisher can use (live_session.protocol).
const (
	ProtocolRTMP  = "rtmp"
	ProtocolRTMPS = "rtmps"
	ProtocolSRT   = "srt"
)

// openMuxer builds the session's muxer once a reader knows the codecs.
type openMuxer func(videoCodec, audioCodec string, audioTrack tscodecs.Codec) (*tsMuxer, error)

// publisher is one accepted publishing connection, whatever its protocol.
type publisher struct {
	protocol string
	key      string
	remote   string
	conn     *countingConn
	// guard checks an RTMP connection until its key is admitted (nil: SRT,
	// whose key is checked in its handshake).
	guard *preAuthGuard
	// keyAccepted, when set, is called once admit has found the key's stream
	// enabled, before the stream is claimed: from then on the connection no
	// longer counts against the unauthenticated cap.
	keyAccepted func()
	// readMedia reads the connection's media into the muxer open builds, until
	// the connection ends; it returns io.EOF (or a wrapped one) on a clean end.
	readMedia func(open openMuxer) error
	// closed says the publisher ended the stream itself (RTMP deleteStream or
	// FCUnpublish), as opposed to the socket dying.
	closed atomic.Bool
}

// countingConn counts what a connection reads into the session's statistics and
// remembers when it last read, for the stall watchdog.
type countingConn struct {
	io.ReadWriteCloser
	lastRead atomic.Int64 // unix nanoseconds
	stats    atomic.Pointer[Stats]
	once     sync.Once
	closeErr error
}

// newCountingConn wraps c; its last read time starts now.
func newCountingConn(c io.ReadWriteCloser) *countingConn {
	cc := &countingConn{ReadWriteCloser: c}
	cc.lastRead.Store(time.Now().UnixNano())
	return cc
}

// Read reads and counts.
func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.ReadWriteCloser.Read(p)
	if n > 0 {
		now := time.Now()
		c.lastRead.Store(now.UnixNano())
		if s := c.stats.Load(); s != nil {
			s.AddBytes(int64(n), now)
		}
	}
	return n, err
}

// Close closes the connection once; later calls return the first result.
func (c *countingConn) Close() error {
	c.once.Do(func() { c.closeErr = c.ReadWriteCloser.Close() })
	return c.closeErr
}

// idle is how long the connection has read nothing.
func (c *countingConn) idle(now time.Time) time.Duration {
	return now.Sub(time.Unix(0, c.lastRead.Load()))
}
